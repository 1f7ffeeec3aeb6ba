/// What a finished program printed, and its exit status.
package struct Finished {
  package var status: Int32
  package var out: String
  package var err: String
}
