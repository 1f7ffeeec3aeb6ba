/// When to colour: `--color` and the config's `color`.
package enum ColorChoice: String, ChoiceValue {
  case auto, always, never
}
