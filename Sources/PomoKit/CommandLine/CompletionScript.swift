import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoTerminal

/// Shell completion scripts, generated from the tree of command specs so they never
/// disagree with the parser: the commands, their options, the values of choice options,
/// files for paths, and preset names, tags, session ids and task ids asked of pomo while
/// completing.
///
/// Every script works the same way: the words before the cursor are walked from the root,
/// a leading run of subcommand names picks the command, the rest are its options (skipping
/// their values) and arguments; then the word under the cursor is completed as an option, an
/// option's value, a subcommand or the next argument.
package enum CompletionScript {
  /// The script for `shell`. `lister` is the command that prints the presets, tags, sessions
  /// or tasks, one a line, when followed by a `CompletionList` value ("pomo completions
  /// --list"). When the command line being completed names a journal with `--journal` (the
  /// long name of `journal`), all but the presets are listed from that journal: `lister`
  /// takes the option too.
  package static func script(for shell: CompletionShell, root: CommandNode, lister: String, journal: OptionSpec)
    -> String
  {
    let tree = Tree(root)
    let journal = "--" + journal.long
    switch shell {
    case .bash: return bash(tree, lister: lister, journal: journal)
    case .zsh: return zsh(tree, lister: lister, journal: journal)
    case .fish: return fish(tree, lister: lister, journal: journal)
    }
  }

  // MARK: - The model the scripts are written from

  /// How a value completes.
  enum Values: Equatable {
    /// Nothing to offer (a number, a date, free text).
    case nothing
    case words([String])
    case files
    case presets
    /// A preset's name, or the path of a preset file.
    case presetsOrFiles
    case tags
    /// A session's id (`pomo completions --list sessions`).
    case sessions
    /// A task's id (`pomo completions --list tasks`).
    case tasks

    init(option kind: ValueKind) {
      switch kind {
      case .none, .integer, .duration, .date, .text: self = .nothing
      case .week, .month: self = .words(["this", "last"])
      case .choice(let choices): self = .words(choices)
      case .template(let choices, _): self = .words(choices)
      case .path: self = .files
      case .preset: self = .presets
      case .tag: self = .tags
      case .session: self = .sessions
      case .task: self = .tasks
      }
    }

    init(argument kind: ValueKind) {
      self = kind == .preset ? .presetsOrFiles : Values(option: kind)
    }
  }

  /// One command with the name scripts know it by: its path joined with "_" ("pomo_presets_show").
  struct Entry {
    var id: String
    var path: [String]
    var spec: CommandSpec
    var children: [String]
    /// Every option, with -h/--help (and --version at the root).
    var options: [OptionSpec]
    var isRoot: Bool { path.count == 1 }
  }

  struct Tree {
    var entries: [Entry] = []
    var rootName: String

    init(_ root: CommandNode) {
      rootName = root.spec.name
      func walk(_ node: CommandNode, _ path: [String]) {
        let options =
          node.spec.options + [CommandSpec.helpOption] + (path.count == 1 ? HelpFormatter.rootOptions : [])
        let subs = node.subcommands
        entries.append(
          Entry(
            id: path.joined(separator: "_"), path: path, spec: node.spec, children: subs.map(\.spec.name),
            options: options))
        for sub in subs { walk(sub, path + [sub.spec.name]) }
      }
      walk(root, [root.spec.name])
    }
  }

  /// The help pseudo-command at the root: `pomo help presets show`.
  static let helpCommand = (name: "help", abstract: "Show help for a command.")

  /// The first sentence of a help text, for the short descriptions shells show.
  static func summary(_ help: String) -> String {
    var text = help.replacing("\n", with: " ")
    if let end = text.firstRange(of: ". ") { text = String(text[..<end.lowerBound]) }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  // MARK: - bash

  static func bash(_ tree: Tree, lister: String, journal: String) -> String {
    let root = tree.rootName
    var children = ""
    var nodes = ""
    var kinds = ""
    for entry in tree.entries {
      if !entry.children.isEmpty {
        children += "    \(entry.id)) REPLY=\(bashWord(entry.children.joined(separator: " "))) ;;\n"
      }
      let optionWords = entry.options.flatMap { o in ["--" + o.long] + (o.short.map { ["-\($0)"] } ?? []) }
      let arguments = entry.spec.arguments.map { bashWord(bashValues(Values(argument: $0.kind))) }
      nodes +=
        "    \(entry.id)) opts=\(bashWord(optionWords.joined(separator: " "))); args=(\(arguments.joined(separator: " "))) ;;\n"
      for option in entry.options where option.kind != .none {
        let patterns = (["--" + option.long] + (option.short.map { ["-\($0)"] } ?? [])).map {
          bashWord("\(entry.id) \($0)")
        }
        let values = bashValues(Values(option: option.kind))
        kinds +=
          "    \(patterns.joined(separator: "|"))) REPLY=\(bashWord((option.optionalValue ? "optional " : "") + values)) ;;\n"
      }
    }
    return """
      # bash completion for \(root)                                -*- shell-script -*-
      # Generated by '\(root) completions bash' from \(root)'s command specs; do not edit.

      # The subcommand names of a command.
      _\(root)__children() {
        case $1 in
      \(children)    *) REPLY= ;;
        esac
      }

      # A command's options, and how each of its arguments completes.
      _\(root)__node() {
        case $1 in
      \(nodes)    *) opts=; args=() ;;
        esac
      }

      # How the value of option $2 of command $1 completes; empty for a flag. "optional"
      # first when the value may be left out.
      _\(root)__kind() {
        case "$1 $2" in
      \(kinds)    *) REPLY= ;;
        esac
      }

      # Lines printed by '\(lister) $1' that start with $2; all but presets from the journal
      # the command line names, if it names one. Of an id and its description (after a tab),
      # the id, in the order printed (the newest first).
      _\(root)__list() {
        local line prefix=${2//\\\\/}
        local -a from=()
        [[ $1 != \(CompletionList.presets.rawValue) && -n $journal ]] && from=(\(journal) "${journal/#\\~/$HOME}")
        local described=0
        [[ $1 == \(CompletionList.sessions.rawValue) || $1 == \(CompletionList.tasks.rawValue) ]] && { described=1; compopt -o nosort 2>/dev/null; }
        while IFS= read -r line; do
          ((described)) && line=${line%%$'\\t'*}
          [[ -n $line && $line == "$prefix"* ]] && COMPREPLY+=("$(printf '%q' "$line")")
        done < <(\(lister) "$1" "${from[@]}" 2>/dev/null)
      }

      # Completes $2 as a value described by $1 (see _\(root)__kind).
      _\(root)__values() {
        local IFS=$' \\t\\n'
        case $1 in
          optional\\ *) _\(root)__values "${1#optional }" "$2" ;;
          words\\ *) COMPREPLY+=($(compgen -W "${1#words }" -- "$2")) ;;
          files)
            compopt -o filenames 2>/dev/null
            local f
            while IFS= read -r f; do COMPREPLY+=("$f"); done < <(compgen -f -- "$2")
            ;;
          presets) _\(root)__list \(CompletionList.presets.rawValue) "$2" ;;
          presets-or-files)
            if [[ $2 == */* || $2 == .* || $2 == '~'* ]]; then _\(root)__values files "$2"
            else _\(root)__list \(CompletionList.presets.rawValue) "$2"; fi
            ;;
          tags) _\(root)__list \(CompletionList.tags.rawValue) "$2" ;;
          sessions) _\(root)__list \(CompletionList.sessions.rawValue) "$2" ;;
          tasks) _\(root)__list \(CompletionList.tasks.rawValue) "$2" ;;
        esac
      }

      _\(root)() {
        COMPREPLY=()
        local REPLY opts args i w cur
        # Join "--opt" "=" "value", which bash splits at '=' (COMP_WORDBREAKS).
        local -a words=()
        local glue=0
        for ((i = 0; i <= COMP_CWORD; i++)); do
          w=${COMP_WORDS[i]}
          if [[ $w == = && ${#words[@]} -gt 0 && ${words[${#words[@]}-1]} == --* && ${words[${#words[@]}-1]} != *=* ]]; then
            words[${#words[@]}-1]+="="
            glue=1
          elif ((glue)); then
            words[${#words[@]}-1]+=$w
            glue=0
          else
            words+=("$w")
          fi
        done
        cur=${words[${#words[@]}-1]}
        local last=$((${#words[@]} - 1))

        # The command: a leading run of subcommand names ("\(root) help" names one to explain).
        local node=\(root) help=0
        for ((i = 1; i < last; i++)); do
          w=${words[i]}
          if [[ $i == 1 && $w == \(helpCommand.name) ]]; then help=1; continue; fi
          _\(root)__children "$node"
          [[ " $REPLY " == *" $w "* ]] || break
          node=${node}_$w
        done
        if ((help)); then
          _\(root)__children "$node"
          COMPREPLY=($(compgen -W "$REPLY" -- "$cur"))
          return 0
        fi

        # Its options (with their values) and arguments.
        local npos=0 dashdash=0 pending= option= journal=
        for (( ; i < last; i++)); do
          w=${words[i]}
          if [[ -n $pending ]]; then
            local optional=0
            [[ $pending == optional\\ * ]] && optional=1
            pending=
            if ((!optional)) || [[ $w != -* ]]; then
              [[ $option == \(journal) ]] && journal=$w
              continue
            fi
          fi
          [[ $w == \(journal)=* ]] && journal=${w#*=}
          if ((!dashdash)) && [[ $w == -- ]]; then dashdash=1; continue; fi
          if ((!dashdash)) && [[ $w == -?* ]]; then
            [[ $w == *=* ]] || { _\(root)__kind "$node" "$w"; pending=$REPLY; option=$w; }
            continue
          fi
          ((npos++))
        done

        if [[ -n $pending && ( $pending != optional\\ * || $cur != -* ) ]]; then
          _\(root)__values "$pending" "$cur"
          return 0
        fi
        if ((!dashdash)) && [[ $cur == --*=* ]]; then
          _\(root)__kind "$node" "${cur%%=*}"
          [[ -n $REPLY ]] && _\(root)__values "$REPLY" "${cur#*=}"
          return 0
        fi
        _\(root)__node "$node"
        if ((!dashdash)) && [[ $cur == -* ]]; then
          COMPREPLY=($(compgen -W "$opts" -- "$cur"))
          return 0
        fi
        if ((npos == 0)); then
          _\(root)__children "$node"
          [[ $node == \(root) ]] && REPLY+=" \(helpCommand.name)"
          COMPREPLY=($(compgen -W "$REPLY" -- "$cur"))
        fi
        if ((npos < ${#args[@]})); then
          _\(root)__values "${args[npos]}" "$cur"
        fi
        return 0
      }

      complete -F _\(root) \(root)

      """
  }

  static func bashValues(_ values: Values) -> String {
    switch values {
    case .nothing: "nothing"
    case .words(let words): "words " + words.joined(separator: " ")
    case .files: "files"
    case .presets: "presets"
    case .presetsOrFiles: "presets-or-files"
    case .tags: "tags"
    case .sessions: "sessions"
    case .tasks: "tasks"
    }
  }

  /// A word quoted for bash (and fish, which reads single quotes the same way for these).
  static func bashWord(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }

  // MARK: - zsh

  static func zsh(_ tree: Tree, lister: String, journal: String) -> String {
    let root = tree.rootName
    var functions = ""
    var childTable = ""
    for entry in tree.entries {
      if !entry.children.isEmpty {
        childTable += "  \(entry.id) \(zshQuote(entry.children.joined(separator: " ")))\n"
      }
      var specs: [String] = []
      for option in entry.options {
        specs.append(zshOption(option, root: root))
      }
      for (n, argument) in entry.spec.arguments.enumerated() {
        let action = zshAction(Values(argument: argument.kind), root: root)
        specs.append(zshQuote("\(n + 1):\(argument.optional ? ":" : "")\(argument.name):\(action)"))
      }
      let function = "_" + entry.id
      if entry.children.isEmpty {
        functions += """
          \(function)() {
            _arguments -S \\
          \(specs.map { "    " + $0 }.joined(separator: " \\\n"))
          }

          """
      } else {
        let names = entry.children.compactMap { name in tree.entries.first { $0.path == entry.path + [name] } }
        var described = names.map { zshQuote("\($0.spec.name):\(summary($0.spec.abstract))") }
        if entry.isRoot { described.append(zshQuote("\(helpCommand.name):\(summary(helpCommand.abstract))")) }
        let cases = names.map { "        \($0.spec.name)) _\($0.id) ;;" }.joined(separator: "\n")
        let helpCase = entry.isRoot ? "\n        \(helpCommand.name)) _\(root)__help ;;" : ""
        functions += """
          \(function)() {
            local curcontext=$curcontext state line
            typeset -A opt_args
            _arguments -C -S \\
          \(specs.map { "    " + $0 }.joined(separator: " \\\n")) \\
              ': :->command' \\
              '*:: :->argument'
            case $state in
              command)
                local -a commands
                commands=(
          \(described.map { "        " + $0 }.joined(separator: "\n"))
                )
                _describe -t commands '\(entry.path.joined(separator: " ")) command' commands
                ;;
              argument)
                curcontext=${curcontext%:*:*}:\(entry.path.joined(separator: "-"))-$words[1]:
                case $words[1] in
          \(cases)\(helpCase)
                esac
                ;;
            esac
          }

          """
      }
    }
    return """
      #compdef \(root)
      # zsh completion for \(root), generated by '\(root) completions zsh' from \(root)'s command specs; do not edit.

      # The subcommand names of each command.
      typeset -gA _\(root)__children
      _\(root)__children=(
      \(childTable))

      # The names '\(lister)' prints, asked for each time; _arguments passes the options for compadd.
      _\(root)__\(CompletionList.presets.rawValue)() {
        local -a names
        names=(${(f)"$(_call_program \(CompletionList.presets.rawValue) \(lister) \(CompletionList.presets.rawValue) 2>/dev/null)"})
        compadd "$@" -a names
      }

      # Tags from the journal the command line names, if it names one.
      _\(root)__\(CompletionList.tags.rawValue)() {
        local -a names from
        local journal=${opt_args[\(journal)]}
        [[ -n $journal ]] && from=(\(journal) ${(q)journal/#\\~/$HOME})
        names=(${(f)"$(_call_program \(CompletionList.tags.rawValue) \(lister) \(CompletionList.tags.rawValue) $from 2>/dev/null)"})
        compadd "$@" -a names
      }

      # Ids from the journal the command line names, each shown with its description: the
      # lines '\(lister) $1' prints, an id, a tab and what it is.
      _\(root)__described() {
        local what=$1; shift
        local -a lines from ids shown
        local journal=${opt_args[\(journal)]} l
        [[ -n $journal ]] && from=(\(journal) ${(q)journal/#\\~/$HOME})
        lines=(${(f)"$(_call_program $what \(lister) $what $from 2>/dev/null)"})
        for l in $lines; do
          ids+=("${l%%$'\\t'*}")
          shown+=("${l%%$'\\t'*}  ${l#*$'\\t'}")
        done
        compadd "$@" -l -d shown -a ids
      }

      _\(root)__\(CompletionList.sessions.rawValue)() { _\(root)__described \(CompletionList.sessions.rawValue) "$@"; }
      _\(root)__\(CompletionList.tasks.rawValue)() { _\(root)__described \(CompletionList.tasks.rawValue) "$@"; }

      _\(root)__presets_or_files() {
        _alternative 'presets:preset:_\(root)__\(CompletionList.presets.rawValue)' 'files:preset file:_files -g "*.json(-.)"'
      }

      # '\(root) \(helpCommand.name) COMMAND [SUBCOMMAND]'.
      _\(root)__help() {
        local node=\(root) w
        for w in ${words[2,CURRENT-1]}; do node=${node}_$w; done
        local -a names
        names=(${=_\(root)__children[$node]})
        _wanted commands expl command compadd -a names
      }

      \(functions)if [[ $funcstack[1] == _\(root) ]]; then
        _\(root) "$@"
      else
        compdef _\(root) \(root)
      fi

      """
  }

  /// One `_arguments` spec: `'(-r --rounds)'{-r+,--rounds=}'[help]:n: '`.
  static func zshOption(_ option: OptionSpec, root: String) -> String {
    let names = ["--" + option.long] + (option.short.map { ["-\($0)"] } ?? [])
    let takesValue = option.kind != .none
    let exclusion: String
    if option.long == CommandSpec.helpOption.long || option.long == HelpFormatter.versionOption.long {
      exclusion = "(- *)"
    } else if option.repeatable {
      exclusion = "*"
    } else {
      exclusion = "(\(names.joined(separator: " ")))"
    }
    var forms = names.map { name in
      guard takesValue else { return name }
      return name.hasPrefix("--") ? name + "=" : name + "+"
    }
    forms.reverse()
    let description = "[" + zshEscapeBrackets(summary(option.help)) + "]"
    var value = ""
    if takesValue {
      let action = zshAction(Values(option: option.kind), root: root)
      value = (option.optionalValue ? "::" : ":") + (option.value ?? "value") + ":" + action
    }
    let nameList = forms.count == 1 ? forms[0] : "{" + forms.joined(separator: ",") + "}"
    return zshQuote(exclusion) + nameList + zshQuote(description + value)
  }

  static func zshAction(_ values: Values, root: String) -> String {
    switch values {
    case .nothing: " "
    case .words(let words): "(" + words.joined(separator: " ") + ")"
    case .files: "_files"
    case .presets: "_\(root)__\(CompletionList.presets.rawValue)"
    case .presetsOrFiles: "_\(root)__presets_or_files"
    case .tags: "_\(root)__\(CompletionList.tags.rawValue)"
    case .sessions: "_\(root)__\(CompletionList.sessions.rawValue)"
    case .tasks: "_\(root)__\(CompletionList.tasks.rawValue)"
    }
  }

  static func zshEscapeBrackets(_ text: String) -> String {
    var out = ""
    for c in text {
      if c == "[" || c == "]" || c == "\\" { out.append("\\") }
      out.append(c)
    }
    return out
  }

  static func zshQuote(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }

  // MARK: - fish

  static func fish(_ tree: Tree, lister: String, journal: String) -> String {
    let root = tree.rootName
    var children = ""
    var kinds = ""
    var lines: [String] = []
    for entry in tree.entries {
      if !entry.children.isEmpty {
        children +=
          "        case \(fishQuote(entry.id))\n            printf '%s\\n' \(entry.children.map(fishQuote).joined(separator: " "))\n"
      }
      let valued = entry.options.filter { $0.kind != .none }
      let required = valued.filter { !$0.optionalValue }.flatMap { o in
        ["--" + o.long] + (o.short.map { ["-\($0)"] } ?? [])
      }
      let optional = valued.filter(\.optionalValue).map { "--" + $0.long }
      if !required.isEmpty {
        kinds +=
          "        case \(required.map { fishQuote("\(entry.id) \($0)") }.joined(separator: " "))\n            echo required\n"
      }
      if !optional.isEmpty {
        kinds +=
          "        case \(optional.map { fishQuote("\(entry.id) \($0)") }.joined(separator: " "))\n            echo optional\n"
      }
      let at = "-n " + fishQuote("__\(root)_at \(entry.id)")
      lines.append("")
      lines.append("# \(entry.path.joined(separator: " "))")
      for option in entry.options {
        var line = "complete -c \(root) \(at)"
        if let short = option.short { line += " -s \(short)" }
        line += " -l \(option.long)"
        if option.kind != .none {
          let values = Values(option: option.kind)
          line += values == .files ? " -r -F" : option.optionalValue ? " -f" : " -x"
          line += fishArguments(values, root: root, lister: lister)
        }
        line += " -d " + fishQuote(summary(option.help))
        lines.append(line)
      }
      let firstSlot = "-n " + fishQuote("__\(root)_arg \(entry.id) 0")
      for name in entry.children {
        let abstract = tree.entries.first { $0.path == entry.path + [name] }?.spec.abstract ?? ""
        lines.append("complete -c \(root) \(firstSlot) -a \(fishQuote(name)) -d \(fishQuote(summary(abstract)))")
      }
      if entry.isRoot {
        lines.append(
          "complete -c \(root) \(firstSlot) -a \(helpCommand.name) -d \(fishQuote(summary(helpCommand.abstract)))")
      }
      for (n, argument) in entry.spec.arguments.enumerated() {
        let values = Values(argument: argument.kind)
        let slot = "-n " + fishQuote("__\(root)_arg \(entry.id) \(n)")
        let files = values == .files ? " -F" : ""
        lines.append(
          "complete -c \(root) \(slot)\(files)\(fishArguments(values, root: root, lister: lister)) -d \(fishQuote(argument.name))"
        )
      }
    }
    return """
      # fish completion for \(root), generated by '\(root) completions fish' from \(root)'s command specs; do not edit.

      # The subcommand names of a command.
      function __\(root)_children
          switch $argv[1]
      \(children)    end
      end

      # Whether option $argv[2] of command $argv[1] takes a value: required, optional or nothing.
      function __\(root)_kind
          switch "$argv[1] $argv[2]"
      \(kinds)    end
      end

      # The command being completed and how many arguments it has so far; "help" first in
      # '\(root) \(helpCommand.name) COMMAND'.
      function __\(root)_state
          set -l words (commandline -opc)
          set -e words[1]
          set -l node \(root)
          set -l help 0
          set -l i 1
          while set -q words[$i]
              if test $i = 1 -a "$words[$i]" = \(helpCommand.name)
                  set help 1
              else if contains -- $words[$i] (__\(root)_children $node)
                  set node {$node}_$words[$i]
              else
                  break
              end
              set i (math $i + 1)
          end
          if test $help = 1
              printf '%s\\n' \(helpCommand.name) $node
              return
          end
          set -l npos 0
          set -l dashdash 0
          while set -q words[$i]
              set -l w $words[$i]
              set i (math $i + 1)
              if test $dashdash = 0
                  if test "$w" = --
                      set dashdash 1
                      continue
                  end
                  if string match -q -- '-?*' $w
                      if not string match -q -- '*=*' $w
                          switch (__\(root)_kind $node $w)
                              case required
                                  set i (math $i + 1)
                              case optional
                                  if set -q words[$i]; and not string match -q -- '-*' $words[$i]
                                      set i (math $i + 1)
                                  end
                          end
                      end
                      continue
                  end
              end
              set npos (math $npos + 1)
          end
          printf '%s\\n' $node $npos
      end

      # Whether the command being completed is $argv[1].
      function __\(root)_at
          set -l state (__\(root)_state)
          test "$state[1]" = $argv[1]
      end

      # Whether the command being completed is $argv[1] and its next argument is number $argv[2] (from 0).
      function __\(root)_arg
          set -l state (__\(root)_state)
          test "$state[1]" = $argv[1] -a "$state[2]" = $argv[2]
      end

      # The command names '\(root) \(helpCommand.name) ...' can take next.
      function __\(root)_help_names
          set -l state (__\(root)_state)
          test "$state[1]" = \(helpCommand.name); or return 1
          __\(root)_children $state[2]
      end

      # A preset's name, or a path when the word looks like one.
      function __\(root)_presets_or_files
          set -l token (commandline -ct)
          if string match -q -r -- '^[./~]|/' $token
              __fish_complete_path $token
          else
              \(lister) \(CompletionList.presets.rawValue) 2>/dev/null
          end
      end

      # What '\(lister) $argv[1]' prints for the journal the command line names (\(journal)),
      # or for the usual one: tags, or ids each with a tab and its description.
      function __\(root)_journal_list
          set -l words (commandline -opc)
          set -l from
          for k in (seq (count $words))
              if test "$words[$k]" = \(journal)
                  set -l next (math $k + 1)
                  set -q words[$next]; and set from \(journal) (string replace -r '^~' $HOME -- $words[$next])
              else if string match -q -- '\(journal)=*' $words[$k]
                  set from \(journal) (string replace -r '^~' $HOME -- (string replace -- '\(journal)=' '' $words[$k]))
              end
          end
          \(lister) $argv[1] $from 2>/dev/null
      end

      complete -c \(root) -f
      complete -c \(root) -n '__\(root)_help_names' -a '(__\(root)_help_names)'
      \(lines.joined(separator: "\n"))

      """
  }

  static func fishArguments(_ values: Values, root: String, lister: String) -> String {
    switch values {
    case .nothing, .files: ""
    case .words(let words): " -a " + fishQuote(words.joined(separator: " "))
    case .presets: " -a " + fishQuote("(\(lister) \(CompletionList.presets.rawValue) 2>/dev/null)")
    case .presetsOrFiles: " -a " + fishQuote("(__\(root)_presets_or_files)")
    case .tags: " -a " + fishQuote("(__\(root)_journal_list \(CompletionList.tags.rawValue))")
    case .sessions: " -k -a " + fishQuote("(__\(root)_journal_list \(CompletionList.sessions.rawValue))")
    case .tasks: " -k -a " + fishQuote("(__\(root)_journal_list \(CompletionList.tasks.rawValue))")
    }
  }

  /// A word quoted for fish: inside single quotes only `\` and `'` are special.
  static func fishQuote(_ text: String) -> String {
    "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
  }
}
