import Foundation
import Testing

import PomoCore
import PomoJournal
import PomoKit
import PomoPlatform
import PomoReport
import PomoTerminal

package func phase(_ name: String, _ kind: PhaseKind, _ seconds: Int) -> PhaseTemplate {
  PhaseTemplate(name: name, kind: kind, duration: .seconds(seconds))
}
