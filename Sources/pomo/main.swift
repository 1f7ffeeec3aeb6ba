import PomoKit

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

exit(Pomo.main(CommandLine.arguments, context: .process()))
