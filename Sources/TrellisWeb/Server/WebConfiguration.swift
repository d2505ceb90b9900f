/// Where the server listens and the limits it keeps.
public struct WebConfiguration: Sendable {
  /// The address to bind: loopback unless told otherwise.
  public var host: String
  /// The port; 0 picks a free one.
  public var port: Int
  /// The most sessions one app keeps at once; more are refused with 503.
  public var maxSessionsPerApp: Int
  /// The most sessions of one app a single client address (an IPv6 client's /64) may hold
  /// at once, 20 unless set: more are refused with 429, so that one client cannot take all of
  /// ``maxSessionsPerApp``. With ``signIn`` it counts each person's sessions instead, wherever
  /// they come from. Behind a reverse proxy every client has the proxy's address, unless the
  /// proxy is trusted to name it (``trustedProxy``): raise it to ``maxSessionsPerApp`` there.
  public var maxSessionsPerClient = 20
  /// The largest message a page may send, in bytes; larger ones get an error event.
  public var maxMessageBytes: Int
  /// How many messages a session may send in a burst.
  public var rateBurst: Int
  /// How many messages a session may send per second, on average.
  public var ratePerSecond: Double
  /// How long a session waits for its page to connect before it is dropped, in seconds.
  /// When the app holds ``maxSessionsPerApp`` sessions, a new page takes the place of the
  /// oldest one whose page has not connected for ``pendingSessionGrace``: pages loaded and
  /// never shown cannot keep everyone else out.
  public var connectTimeout: Double
  /// How long a page has to connect before its session may give its place to a new page's
  /// when the app is full (5 s): a page connects within a second of loading.
  var pendingSessionGrace = Duration.seconds(5)
  /// The most rows one `window` request returns.
  public var maxWindowRows: Int
  /// Origins the WebSocket accepts besides the server's own (`http://HOST:PORT`).
  public var allowedOrigins: Set<String>
  /// Host names the server answers to besides loopback (`localhost`, `127.0.0.1`, `::1`) and
  /// the address it binds: every other `Host` header is refused, which stops DNS rebinding.
  public var allowedHosts: Set<String>
  /// How rows are drawn and when sections become virtual.
  public var renderer: HTMLRenderer
  /// The folder the images rows name are served from (`/images/NAME`), if any. Only regular
  /// files inside it are served: a symbolic link that leads out of it is not followed.
  public var imageFolder: String?
  /// The largest image file served from ``imageFolder``, in bytes (8 MiB unless set); a larger
  /// one shows as missing. Files are sent in chunks, never read whole.
  public var maxImageBytes = 8 << 20
  /// Makes the image a row names, before the folder is looked in (card faces, say).
  public var imageMaker: (@Sendable (String) -> WebImage?)?
  /// Fetches the image a row names when neither ``imageMaker`` nor ``imageFolder`` has it
  /// (from beside a descriptor served from an address, say); `nil` shows the placeholder.
  /// Called once per request, off the app's domain: bound its wait, and keep what it fetched.
  public var imageFetcher: (@Sendable (String) async -> WebImage?)?
  /// How often, at most, an edit in one window is passed on to the app's other windows, in
  /// seconds. Edits that arrive meanwhile go in the same pass, one patch per window for all
  /// of them, so that many windows editing at once cost each window one update per interval
  /// instead of one per edit. A window's answer to its own event is never delayed. Zero
  /// passes each edit on as soon as the server is free.
  public var deliveryInterval: Double = 0.02
  /// How long an HTTP connection may stay open with no request, in seconds (60 unless set):
  /// browsers keep connections for a few seconds between requests, a client that holds idle
  /// sockets ties up the server's. Zero keeps idle connections open. A page's WebSocket is
  /// kept by its pings instead.
  public var idleTimeout: Double = 60
  /// How long a new connection has to send its first request's headers, in seconds (10 unless
  /// set): a client that sends nothing, or its headers a byte at a time, is closed. A
  /// kept-alive connection has ``idleTimeout`` and this for its next request's headers after
  /// an answer. Zero waits as long as it takes.
  public var headerTimeout: Double = 10
  /// How long each request has for its body once its headers are in, in seconds (30 unless
  /// set): a body sent a byte at a time holds a connection as slow headers would. Applies
  /// when ``headerTimeout`` does.
  public var bodyTimeout: Double = 30
  /// The most connections the server holds at once; a new one past it is closed as it
  /// arrives. Unless set, seven eighths of the process's file descriptors (its limit raised to
  /// the hard limit first), keeping the rest for files and databases: a server out of
  /// descriptors cannot go on.
  public var maxConnections: Int?
  /// The most connections one client (an address, an IPv6 /64) holds at once; a new one past
  /// it is closed as it arrives, so that a client holding connections open cannot keep others
  /// out. Unless set, an eighth of ``maxConnections`` and at least 64. Connections from
  /// loopback and from the ``trustedProxy`` are not counted as one client's.
  public var maxConnectionsPerClient: Int?
  /// How long a window must go without an event of its own before it is brought up to date
  /// with the other windows resting on its list (``RestingGroup``): a window in use would
  /// leave its group at its next event, and each leave costs a catch-up.
  var restingQuietPeriod = Duration.seconds(1)
  /// How often a quiet page's socket is pinged; a page that has not answered by the next
  /// ping is closed.
  var pingInterval = Duration.seconds(30)
  /// The most bytes a page's socket may hold waiting to be sent: a page that falls further
  /// behind (it stopped reading, or its network cannot keep up) is closed with a notice that
  /// asks the person to reload, which gives them a fresh page instead of the backlog, and
  /// keeps the server's memory for a socket bounded.
  public var maxPendingBytesPerPage = 4 * 1024 * 1024
  /// Who may sign in, when people must: with it, every page, the WebSocket and the apps'
  /// APIs need a session cookie from `/sign-in`, and each session keeps to its app's
  /// ``WebApp/policy`` for the person. Without it (the default) everyone who reaches the
  /// server may do everything: keep such a server on loopback.
  public var signIn: SignIn?
  /// The reverse proxy in front of the server, whose forwarded client addresses and
  /// `X-Forwarded-Proto` are believed; none unless set.
  public var trustedProxy: TrustedProxy?
  /// Messages above this close the socket; messages above ``maxMessageBytes`` but below it
  /// get an error event.
  var frameLimit: Int { maxMessageBytes * 4 }

  /// Creates a configuration.
  public init(
    host: String = "127.0.0.1", port: Int = 8080, maxSessionsPerApp: Int = 200,
    maxMessageBytes: Int = 256 * 1024, rateBurst: Int = 120, ratePerSecond: Double = 60,
    connectTimeout: Double = 60, maxWindowRows: Int = 300, allowedOrigins: Set<String> = [],
    allowedHosts: Set<String> = [], renderer: HTMLRenderer = HTMLRenderer()
  ) {
    self.host = host
    self.port = port
    self.maxSessionsPerApp = maxSessionsPerApp
    self.maxMessageBytes = maxMessageBytes
    self.rateBurst = rateBurst
    self.ratePerSecond = ratePerSecond
    self.connectTimeout = connectTimeout
    self.maxWindowRows = maxWindowRows
    self.allowedOrigins = allowedOrigins
    self.allowedHosts = allowedHosts
    self.renderer = renderer
  }

  /// Every host name the server answers to: loopback, the address it binds (unless that is a
  /// wildcard), and ``allowedHosts``; lowercased.
  public var answeredHosts: Set<String> {
    var hosts: Set<String> = ["localhost", "127.0.0.1", "::1"]
    if !bindsEveryInterface { hosts.insert(host.lowercased()) }
    for name in allowedHosts {
      hosts.insert(HostName.hostName(name) ?? name.lowercased())
    }
    return hosts
  }
}
