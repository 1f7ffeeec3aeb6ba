/// One way to hold something back while a phase wants it: logind's inhibitor, the screen
/// saver's, `caffeinate` on macOS. `take` holds it, with a reason a person may read (GNOME's
/// log-out dialog, `systemd-inhibit --list`), and gives back how to let go.
package struct InhibitHolder {
  /// What `take` did.
  package enum Taken {
    /// Held until `release` is called (once).
    case held(release: () -> Void)
    /// Not held: why, in words for a warning.
    case failed(String)
  }

  /// What the warnings call it: "logind", "the screen saver", "caffeinate".
  package var name: String
  package var take: (_ reason: String) -> Taken

  package init(name: String, take: @escaping (_ reason: String) -> Taken) {
    self.name = name
    self.take = take
  }
}
