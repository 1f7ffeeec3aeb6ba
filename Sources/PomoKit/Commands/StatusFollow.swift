import PomoControl
import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoSession
import PomoTerminal
