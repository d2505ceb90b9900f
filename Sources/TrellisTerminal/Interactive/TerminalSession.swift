#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's own terminal, full-screen: raw mode on the alternate screen, restored on
/// ``close()`` and when the process is interrupted or terminated.
///
/// Raw mode is the few termios calls written here (`tcgetattr`/`tcsetattr`): no echo, no line
/// editing, no signals from keys (Ctrl-C and Ctrl-Z reach the host as keys), no flow control
/// (so Ctrl-S reaches it too). A terminal library such as console-kit would bring far more than
/// those calls, so there is none. SIGWINCH, and wakes from background work, arrive through a
/// pipe that ``next(waitingAtMost:)`` polls beside standard input. SIGINT, SIGTERM and SIGHUP
/// restore the terminal before the process ends.
///
/// While the session is open, standard error, when it is the terminal, goes to a file in the
/// temporary directory: a log line (swift-log writes there) would be drawn over the screens
/// and stay, since only changed lines are written. On leaving, the terminal is told where the
/// file is when anything was written to it. Standard error sent elsewhere (`2>trellis.log`)
/// is left alone.
public final class TerminalSession: TerminalDevice {
  /// Why a full-screen session is not possible, in words for a person.
  public static func unavailableReason(environment: [String: String]) -> String? {
    if isatty(0) == 0 || isatty(1) == 0 {
      return "standard input or output is not a terminal"
    }
    let term = environment["TERM"] ?? ""
    if term.isEmpty || term == "dumb" {
      return "the terminal (TERM=\(term.isEmpty ? "unset" : term)) cannot move the cursor"
    }
    return nil
  }

  /// Whether the environment asks for no colour (`NO_COLOR`, of any value but empty).
  public static func wantsColor(environment: [String: String]) -> Bool {
    (environment["NO_COLOR"] ?? "").isEmpty
  }

  private var isOpen = false
  /// The handlers the session replaced, by signal, put back when it closes: an app that
  /// ignores SIGPIPE (a server) still does after its terminal session.
  private var replacedHandlers: [(Int32, sighandler_t?)] = []

  /// Enters raw mode and the alternate screen; `nil` when standard input is not a terminal.
  public init?() {
    var attributes = termios()
    guard isatty(0) != 0, tcgetattr(0, &attributes) == 0 else { return nil }
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return nil }
    _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
    _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
    SessionState.wakeRead = fds[0]
    SessionState.wakeWrite = fds[1]
    SessionState.original = attributes
    SessionState.hasOriginal = true
    _ = SessionState.leaveBytes
    var raw = attributes
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    guard tcsetattr(0, TCSAFLUSH, &raw) == 0 else { return nil }
    SessionState.silenceStandardError()
    for number in [SIGINT, SIGTERM, SIGHUP] {
      replacedHandlers.append(
        (
          number,
          signal(number) { received in
            SessionState.restore()
            _exit(128 + received)
          }
        ))
    }
    replacedHandlers.append(
      (SIGWINCH, signal(SIGWINCH) { _ in SessionState.poke(UInt8(ascii: "w")) }))
    // A terminal gone away ends the loop through its input, not through SIGPIPE.
    replacedHandlers.append((SIGPIPE, signal(SIGPIPE, SIG_IGN)))
    isOpen = true
    write(FrameWriter.enter)
  }

  deinit { close() }

  /// Leaves the alternate screen and restores the terminal as it was.
  public func close() {
    guard isOpen else { return }
    isOpen = false
    for (number, handler) in replacedHandlers { _ = signal(number, handler) }
    replacedHandlers = []
    SessionState.restore()
  }

  public var size: TerminalSize {
    var window = winsize()
    let result = withUnsafeMutablePointer(to: &window) { ioctl(1, UInt(TIOCGWINSZ), $0) }
    if result == 0, window.ws_row > 0, window.ws_col > 0 {
      return TerminalSize(rows: Int(window.ws_row), columns: Int(window.ws_col))
    }
    return TerminalSize(rows: 24, columns: 80)
  }

  public func write(_ text: String) {
    SessionState.write(text)
  }

  public var wake: @Sendable () -> Void { { SessionState.poke(UInt8(ascii: "k")) } }

  public func next(waitingAtMost milliseconds: Int?) -> TerminalInput {
    var fds = [
      pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
      pollfd(fd: SessionState.wakeRead, events: Int16(POLLIN), revents: 0),
    ]
    let ready = poll(&fds, 2, Int32(milliseconds ?? -1))
    if ready == 0 { return .timedOut }
    if ready < 0 { return errno == EINTR ? .woken : .closed }
    if fds[1].revents & Int16(POLLIN) != 0 {
      var buffer = [UInt8](repeating: 0, count: 64)
      let count = systemRead(SessionState.wakeRead, &buffer, buffer.count)
      if count > 0, buffer[0..<count].contains(UInt8(ascii: "w")) { return .resized }
      if fds[0].revents & Int16(POLLIN) == 0 { return .woken }
    }
    if fds[0].revents & Int16(POLLERR | POLLNVAL) != 0 { return .closed }
    if fds[0].revents & Int16(POLLIN | POLLHUP) != 0 {
      var buffer = [UInt8](repeating: 0, count: 1024)
      let count = systemRead(0, &buffer, buffer.count)
      if count <= 0 { return .closed }
      return .bytes(Array(buffer[0..<count]))
    }
    return .woken
  }
}

/// What the signal handlers reach: plain globals, since a C signal handler captures nothing.
enum SessionState {
  nonisolated(unsafe) static var original = termios()
  nonisolated(unsafe) static var hasOriginal = false
  nonisolated(unsafe) static var wakeRead: Int32 = -1
  nonisolated(unsafe) static var wakeWrite: Int32 = -1
  /// The bytes that leave the alternate screen, made before any signal can need them.
  nonisolated(unsafe) static var leaveBytes: [UInt8] = Array(FrameWriter.leave.utf8)

  /// Writes all of `text` to standard output.
  static func write(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        systemWrite(1, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }

  /// Standard error as it was while the session sends it to a file; -1 when untouched.
  nonisolated(unsafe) static var savedStandardError: Int32 = -1
  /// The file standard error goes to while the session is open, as C text.
  nonisolated(unsafe) static var logPath: [CChar] = []
  /// What is said on leaving when something was written to that file.
  nonisolated(unsafe) static var logNotice: [UInt8] = []

  /// Sends standard error to a file of its own when it is a terminal, keeping the original to
  /// put back: a log line would be drawn over the screens, and the file keeps it.
  static func silenceStandardError() {
    guard savedStandardError < 0, isatty(2) != 0 else { return }
    var directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    if directory.isEmpty { directory = "/tmp" }
    if !directory.hasSuffix("/") { directory += "/" }
    let path = directory + "trellis-\(getpid()).log"
    logPath = Array(path.utf8CString)
    logNotice = Array("Messages written while the screen was shown are in \(path)\n".utf8)
    let saved = dup(2)
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    if saved >= 0, file >= 0, dup2(file, 2) >= 0 {
      savedStandardError = saved
    } else if saved >= 0 {
      _ = systemClose(saved)
    }
    if file >= 0 { _ = systemClose(file) }
  }

  /// Puts the terminal back; safe in a signal handler (only `write`, `dup2`, `close`, `stat`,
  /// `unlink` and `tcsetattr`). Standard error goes back to the terminal, which is told where
  /// the messages written meanwhile are; an empty file is removed.
  static func restore() {
    guard hasOriginal else { return }
    leaveBytes.withUnsafeBytes { buffer in
      _ = systemWrite(1, buffer.baseAddress, buffer.count)
    }
    _ = tcsetattr(0, TCSAFLUSH, &original)
    if savedStandardError >= 0 {
      _ = dup2(savedStandardError, 2)
      _ = systemClose(savedStandardError)
      savedStandardError = -1
      var status = stat()
      let written = logPath.withUnsafeBufferPointer { path in
        stat(path.baseAddress!, &status) == 0 && status.st_size > 0
      }
      if written {
        logNotice.withUnsafeBytes { buffer in
          _ = systemWrite(2, buffer.baseAddress, buffer.count)
        }
      } else {
        _ = logPath.withUnsafeBufferPointer { unlink($0.baseAddress!) }
      }
    }
  }

  /// Wakes the loop: one byte into the pipe.
  static func poke(_ byte: UInt8) {
    var value = byte
    _ = withUnsafeBytes(of: &value) { systemWrite(wakeWrite, $0.baseAddress, 1) }
  }
}

/// The C library's `write`, under a name no method hides.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, bytes, count)
}

/// The C library's `close`, under a name no method hides.
private func systemClose(_ fd: Int32) -> Int32 {
  close(fd)
}

/// The C library's `read`, under a name no method hides.
private func systemRead(_ fd: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, bytes, count)
}
