# A Homebrew formula for pomo: builds the release's source tarball (pomo-VERSION.tar.gz, made by
# Scripts/release.sh) with Swift 6 and installs it with Scripts/install.sh, the same steps as a
# build from source. Not yet run by brew, and pomo has never been built on macOS: see
# docs/install.md and docs/platforms.md. Before use, set `url` to where the source tarball is
# published and `sha256` to its line in the release's SHA256SUMS.
class Pomo < Formula
  desc "Pomodoro and interval-training timer for the terminal"
  homepage "https://example.invalid/pomo"
  url "https://example.invalid/pomo/releases/1.0.0/pomo-1.0.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  license "MIT"

  # Swift 6: Xcode 16 on macOS, the swift formula on Linux.
  depends_on xcode: ["16.0", :build]
  uses_from_macos "swift" => :build

  def install
    # Homebrew builds in a sandbox of its own, where SwiftPM's sandbox cannot nest.
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "pomo"
    # The binary, then its manual page and completions written by the installed binary.
    system "Scripts/install.sh", "--prefix", prefix, "--binary", ".build/release/pomo"
  end

  test do
    assert_match "pomo #{version}", shell_output("#{bin}/pomo --version")
    assert_match "Total", shell_output("#{bin}/pomo start 25m --dry-run")
    assert_match "idle", shell_output("#{bin}/pomo status")
  end
end
