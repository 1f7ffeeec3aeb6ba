import Foundation
import Testing

import PomoCore
import PomoJournal
import PomoKit
import PomoPlatform

/// What a finished program printed, and its exit status.
package struct Finished {
  package var status: Int32
  package var out: String
  package var err: String
}
