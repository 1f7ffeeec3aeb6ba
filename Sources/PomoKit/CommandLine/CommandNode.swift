import PomoCore

/// One command in the tree: its spec, its children, and what it does.
package struct CommandNode {
  package var spec: CommandSpec
  var children: () -> [CommandNode]
  var runsSession: Bool
  var run: (ParsedArguments, Context) throws -> Int32

  init(
    spec: CommandSpec, subcommands: @escaping () -> [CommandNode], runsSession: Bool = false,
    run: @escaping (ParsedArguments, Context) throws -> Int32
  ) {
    self.spec = spec
    self.children = subcommands
    self.runsSession = runsSession
    self.run = run
  }

  var subcommands: [CommandNode] { children() }

  func child(_ name: String) -> CommandNode? { subcommands.first { $0.spec.name == name } }
}
