import Foundation
import Testing

/// The real shells the completion tests run, found on the usual PATH. The tests that use one
/// say so with `.requires(.bash, .bashCompletion)` and friends, so a missing shell skips them
/// with the reason shown.
package enum Shells {
  package static let searchPath = RequiredTool.searchPath

  /// The program's path; a test that runs without it (it should have been skipped) fails here.
  package static func require(_ program: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    guard let path = RequiredTool.path(of: program) else {
      Issue.record(
        "\(program) is not installed, and the test does not say it needs it: add .requires(…)",
        sourceLocation: sourceLocation)
      return nil
    }
    return path
  }

  package static let bashCompletion = "/usr/share/bash-completion/bash_completion"

  /// The environment the shells run in: a temporary HOME and the built pomo first on PATH.
  package static func environment(home: String, binFolder: String = (pomoBinary as NSString).deletingLastPathComponent)
    -> [String: String]
  {
    ["HOME": home, "PATH": binFolder + ":" + searchPath, "TERM": "dumb", "LANG": "C.UTF-8"]
  }

  /// Loads bash-completion and a script (or, with no script, lets bash-completion find pomo's
  /// on its own, as it does for an installed one), sets COMP_WORDS, COMP_CWORD, COMP_LINE
  /// and COMP_POINT, calls the function registered for pomo and prints COMPREPLY, a line each.
  package static let bashHarness = #"""
    cd "$HOME" || exit 3
    source /usr/share/bash-completion/bash_completion
    script=$1
    shift
    if [ -n "$script" ]; then source "$script"; else __load_completion pomo || _completion_loader pomo; fi
    spec=$(complete -p pomo 2>/dev/null) || { echo "no completion registered for pomo" >&2; exit 3; }
    function=$(printf '%s\n' "$spec" | sed -E 's/.*-F ([^ ]+).*/\1/')
    COMP_WORDS=("$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMP_LINE="${COMP_WORDS[*]}"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    "$function" pomo "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    printf '%s\n' "${COMPREPLY[@]}"
    """#

  /// Runs an interactive zsh in a pseudo-terminal (zpty) with compinit and the `_pomo` in a
  /// folder on fpath, types a line and Tab, and prints every candidate added with compadd
  /// (wrapped to print them), a line each. A real completion widget runs the real `_pomo`.
  package static let zshHarness = #"""
    zmodload zsh/zpty || exit 3
    cd ~ || exit 3
    dir=$1 line=$2
    zpty pomoz zsh -f -i
    zpty -w pomoz "fpath=(${(q)dir} \$fpath); PS1=''; RPROMPT=''; unsetopt zle_bracketed_paste"
    zpty -w pomoz "autoload -U compinit; compinit -u -D"
    zpty -w pomoz 'compadd() {
      local -a __hits
      if (( ${@[(I)-O]} || ${@[(I)-A]} || ${@[(I)-D]} )); then builtin compadd "$@"; return; fi
      builtin compadd -A __hits "$@"
      local h; for h in $__hits; do print -r -- "<<$h>>"; done
      builtin compadd "$@"
    }'
    zpty -w pomoz 'comptest() { zle complete-word; print -r -- "<<"END">>" }; zle -N comptest; bindkey "^I" comptest'
    zpty -w pomoz "zstyle ':completion:*' menu no; print -r -- '<<'READY'>>'"
    zpty -r pomoz out '*<<READY>>*' || exit 4
    zpty -n -w pomoz "$line"$'\t'
    zpty -r pomoz out '*<<END>>*' || exit 5
    print -r -- "$out" | grep -a -o '<<[^>]*>>' | sed 's/^<<//; s/>>$//' | grep -v '^END$' | sort -u
    zpty -d pomoz
    """#

  /// Completes `line` in the real bash with bash-completion; nil `script` loads pomo's the
  /// way bash-completion finds an installed one. Returns the candidates, sorted.
  package static func bash(_ words: [String], script: String?, environment: [String: String], folder: TemporaryFolder)
    async throws -> [String]?
  {
    guard let bash = require("bash") else { return nil }
    let harness = try folder.write("harness.bash", bashHarness)
    let result = try await runProgram(
      [bash, "--norc", "--noprofile", harness, script ?? ""] + words, environment: environment, timeout: 60)
    #expect(result.status == 0, "bash: \(result.err)")
    return lines(result.out)
  }

  /// Completes `line` in the real zsh with `_pomo` from `folder`.
  package static func zsh(_ line: String, functionFolder: String, environment: [String: String], folder: TemporaryFolder)
    async throws -> [String]?
  {
    guard let zsh = require("zsh") else { return nil }
    let harness = try folder.write("harness.zsh", zshHarness)
    let result = try await runProgram([zsh, "-f", harness, functionFolder, line], environment: environment, timeout: 60)
    #expect(result.status == 0, "zsh: \(result.err)")
    return lines(result.out)
  }

  /// Each shell runs in HOME, so file candidates come from there.
  /// Completes `line` in the real fish (`complete -C`), after sourcing `script` if given.
  package static func fish(_ line: String, script: String?, environment: [String: String]) async throws -> [String]? {
    guard let fish = require("fish") else { return nil }
    let source = "cd ~; " + (script.map { "source '\($0)'; " } ?? "")
    let escaped = line.replacing("\\", with: "\\\\").replacing("'", with: "\\'")
    let result = try await runProgram(
      [fish, "-c", source + "complete -C '\(escaped)'"], environment: environment, timeout: 60)
    #expect(result.status == 0, "fish: \(result.err)")
    // Each line is a candidate, a tab, and its description.
    return lines(result.out).map { String($0.split(separator: "\t", maxSplits: 1).first ?? "") }.sorted()
  }

  package static func lines(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }.sorted()
  }
}
