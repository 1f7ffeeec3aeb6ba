import Foundation
import Testing

import PomoCore
import PomoJournal
import PomoKit
import PomoPlatform

/// The package's top folder, found from this file's path.
package let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().path

/// The built `pomo` binary, beside the test bundle in the build folder.
package var pomoBinary: String {
  var url = Bundle.main.bundleURL
  for _ in 0..<4 {
    let candidate = url.appendingPathComponent("pomo").path
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    url.deleteLastPathComponent()
  }
  return packageRoot + "/.build/debug/pomo"
}
