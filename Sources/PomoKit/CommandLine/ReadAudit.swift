/// Where `ParsedArguments` notes reads of options the command did not declare.
final class ReadAudit {
  var names: [String] = []
}
