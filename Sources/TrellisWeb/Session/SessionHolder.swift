/// Who a session counts against for ``WebConfiguration/maxSessionsPerClient``: the person
/// signed in, or without sign-in the client's address.
enum SessionHolder: Hashable {
  case person(String)
  case client(ClientAddress)
}
