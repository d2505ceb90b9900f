import ArgumentParser
import Foundation
import TrellisWeb

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a password: asked for without echo on a terminal, else the first line of standard
/// input.
enum PasswordInput {
  /// The password; on a terminal it is asked for twice when `confirm`.
  static func read(confirm: Bool) throws -> String {
    let password: String
    if isatty(STDIN_FILENO) == 1 {
      password = ask("Password: ")
      if confirm, ask("Password again: ") != password { try refuse("the passwords differ") }
    } else {
      password = readLine(strippingNewline: true) ?? ""
    }
    if let problem = PasswordHasher.problem(with: password) { try refuse(problem) }
    if password.count < 8 {
      CommandOutput.error("warning: a password of fewer than 8 characters is easy to guess")
    }
    return password
  }

  /// Says why a password is refused, and ends the command: it was read after the arguments
  /// were checked, so no usage follows.
  private static func refuse(_ problem: String) throws -> Never {
    CommandOutput.error("error: \(problem)")
    throw ExitCode(1)
  }

  /// Writes `prompt` to standard error and reads a line with echo off.
  private static func ask(_ prompt: String) -> String {
    FileHandle.standardError.write(Data(prompt.utf8))
    var saved = termios()
    tcgetattr(STDIN_FILENO, &saved)
    var silent = saved
    silent.c_lflag &= ~tcflag_t(ECHO)
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
    defer {
      tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
      FileHandle.standardError.write(Data("\n".utf8))
    }
    return readLine(strippingNewline: true) ?? ""
  }
}
