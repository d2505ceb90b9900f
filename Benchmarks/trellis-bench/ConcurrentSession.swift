import NIOCore
import NIOWebSocket
import Trellis

/// One client of a concurrent case, as a channel handler on its connection's event loop: it
/// reacts to each message as it arrives, with no task between the socket and the clock.
///
/// An editing session (the first ``ConcurrentRun/editors``; the others only watch the list)
/// repeats: open a task (`select`), type its new name (`set`), commit (`done`), which
/// brings it back to the list; every eighth edit adds a task instead of opening one. Between
/// edits it stays on the list for `rest` to `rest` + 100 ms, where the other sessions' edits
/// reach it. Each reply is timed from its event; each other session's edit from its commit to
/// the first changeset on the list that shows it.
final class ConcurrentSession: ChannelInboundHandler {
  typealias InboundIn = WebSocketFrame
  typealias OutboundOut = WebSocketFrame

  /// What the session waits for.
  private enum Phase: CustomStringConvertible {
    case waitingForScreen
    /// The reply of `type` to the event sent at `sent`, after which it takes `step`.
    case awaiting(type: String, sent: ContinuousClock.Instant, then: Step)
    case resting
    case finished

    var description: String {
      switch self {
      case .waitingForScreen: "waiting for the first screen"
      case .awaiting(let type, _, _): "waiting for a \(type)"
      case .resting: "resting on the list"
      case .finished: "finished"
      }
    }
  }

  /// What a reply lets the session do next.
  private enum Step {
    /// The form is open: type the name.
    case name
    /// The name is typed: commit.
    case commit
    /// Back on the list: rest.
    case rest
  }

  private let index: Int
  private let run: ConcurrentRun
  private var phase = Phase.waitingForScreen
  private var keys: [String] = []
  private var edit = 0
  /// The markers this session has seen, so that each counts once.
  private var seen = Set<Int>()
  /// A text message arriving in fragments.
  private var fragments: ByteBuffer?
  /// The rows the page shows, for a session that keeps them (``ConcurrentRun/keepsRows(_:)``):
  /// `nil` until its first screen.
  private var page: PageMirror?
  /// Why the page's rows are unknown: the first message they could not take.
  private var pageFailure: MirrorError?
  private let keepsRows: Bool

  init(index: Int, run: ConcurrentRun, keepsRows: Bool? = nil) {
    self.index = index
    self.run = run
    self.keepsRows = keepsRows ?? run.keepsRows(index)
  }

  private var marker: String { "Edit#\(index).\(edit)" }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let frame = unwrapInboundIn(data)
    switch frame.opcode {
    case .text, .continuation:
      var data = frame.unmaskedData
      if fragments != nil { fragments!.writeBuffer(&data) } else { fragments = data }
      guard frame.fin, let message = fragments else { return }
      fragments = nil
      let now = ContinuousClock.now
      message.withUnsafeReadableBytes { arrived($0, at: now, context: context) }
    case .ping:
      write(frame.unmaskedData, opcode: .pong, context: context)
    case .connectionClose:
      context.close(promise: nil)
    default:
      break
    }
  }

  func channelInactive(context: ChannelHandlerContext) {
    if keepsRows {
      let shown: Result<PageMirror, MirrorError> =
        if let pageFailure { .failure(pageFailure) } else if let page { .success(page) } else {
          .failure(MirrorError("no screen arrived"))
        }
      run.pageClosed(index, showing: shown)
    }
    if case .finished = phase {} else { fail("the socket closed") }
    phase = .finished
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    fail("\(error)")
    context.close(promise: nil)
  }

  /// Takes one message from the server, which arrived at `now`.
  private func arrived(
    _ bytes: UnsafeRawBufferPointer, at now: ContinuousClock.Instant, context: ChannelHandlerContext
  ) {
    if keepsRows { keep(bytes) }
    // An edit counts once per session: when a changeset on the list first shows it (not when a
    // screen does, nor the patch that comes back from a form).
    if WebBench.isMessage(bytes, "patch") && !WebBench.isPop(bytes) {
      for key in WebBench.markerKeys(in: bytes) where seen.insert(key).inserted {
        run.fannedOut(key, at: now)
      }
    } else {
      seen.formUnion(WebBench.markerKeys(in: bytes))
    }
    switch phase {
    case .waitingForScreen:
      guard WebBench.isMessage(bytes, "screen") else { return }
      keys = Array(WebBench.rowKeys(in: bytes).prefix(ConcurrentRun.editableRows))
      guard !keys.isEmpty else { return stop("the list has no rows", context: context) }
      // A session that only watches stays on the list until the runner closes it.
      guard index < run.editors else {
        phase = .resting
        return
      }
      startEdit(context: context)
    case .awaiting(let type, let sent, let step):
      let isError = WebBench.isMessage(bytes, "error")
      guard isError || WebBench.isMessage(bytes, type) else { return }
      run.replied(sent: sent, at: now, error: isError)
      switch step {
      case .name:
        guard let row = WebBench.rowKeys(in: bytes).first else {
          return stop("no form", context: context)
        }
        send(
          #"{"type":"set","row":"\#(row)","value":"\#(marker)"}"#, expecting: "patch",
          then: .commit, context: context)
      case .commit:
        commit(context: context)
      case .rest:
        // Another session renamed the task while this form was open: the form stays, showing
        // both names. A person who wants theirs presses Done again, which saves it over.
        if !isError, !WebBench.isPop(bytes) {
          run.conflicted()
          return commit(context: context)
        }
        phase = .resting
        let rest = TimeAmount.milliseconds(Int64(run.rest + (index * 31 + edit * 17) % 100))
        context.eventLoop.assumeIsolated().scheduleTask(in: rest) {
          self.startEdit(context: context)
        }
      }
    case .resting, .finished:
      break
    }
  }

  /// Applies a message to the rows the page keeps, from its first screen on; after one that
  /// cannot be applied, the rows are unknown.
  private func keep(_ bytes: UnsafeRawBufferPointer) {
    guard pageFailure == nil else { return }
    if page == nil {
      guard WebBench.isMessage(bytes, "screen") else { return }
      page = PageMirror(screen: "")
    }
    do {
      try page?.apply(String(decoding: bytes, as: UTF8.self))
    } catch {
      pageFailure = error
    }
  }

  /// Commits the form: the edit reaches the store with Done, and the others' changesets are
  /// timed from it.
  private func commit(context: ChannelHandlerContext) {
    run.committed(
      marker, key: WebBench.markerKey(session: index, edit: edit), at: .now,
      added: edit % 8 == 0)
    // Done pops back to the list the page kept: a patch that pops first.
    send(#"{"type":"done"}"#, expecting: "patch", then: .rest, context: context)
  }

  /// Opens a task, or adds one every eighth edit; past the deadline, closes the socket.
  private func startEdit(context: ChannelHandlerContext) {
    guard ContinuousClock.now < run.deadline else {
      phase = .finished
      write(ByteBuffer(bytes: [0x03, 0xE8]), opcode: .connectionClose, context: context)
      context.close(promise: nil)
      return
    }
    edit += 1
    if edit % 8 == 0 {
      send(#"{"type":"add"}"#, expecting: "push", then: .name, context: context)
    } else {
      let key = keys[(index * 7 + edit * 13) % keys.count]
      send(#"{"type":"select","row":"\#(key)"}"#, expecting: "push", then: .name, context: context)
    }
  }

  private func send(
    _ json: String, expecting type: String, then step: Step, context: ChannelHandlerContext
  ) {
    phase = .awaiting(type: type, sent: .now, then: step)
    write(context.channel.allocator.buffer(string: json), opcode: .text, context: context)
  }

  private func write(_ data: ByteBuffer, opcode: WebSocketOpcode, context: ChannelHandlerContext) {
    let frame = WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data)
    context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
  }

  /// Ends the session with a failure.
  private func stop(_ why: String, context: ChannelHandlerContext) {
    fail(why)
    phase = .finished
    context.close(promise: nil)
  }

  /// Records a failure, unless measuring is over: a session cut short then (every other
  /// session closing at once) measured all it had to.
  private func fail(_ why: String) {
    guard ContinuousClock.now < run.deadline else { return }
    run.failed("session \(index), \(phase): \(why)")
  }
}
