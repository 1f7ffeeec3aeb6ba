/// When to colour: `--color` and the config's `color`.
public enum ColorChoice: String, ChoiceValue {
  case auto, always, never
}
