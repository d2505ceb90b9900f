import Testing

@testable import TrellisWeb

/// The host names the server answers to (the DNS-rebinding check).
@Suite("Host names")
struct HostCheckTests {
  @Test func hostNamesAreReadFromTheHostHeader() {
    #expect(HostName.hostName("LocalHost:8080") == "localhost")
    #expect(HostName.hostName("localhost.") == "localhost")
    #expect(HostName.hostName("[::1]:80") == "::1")
    #expect(HostName.hostName("[::1]") == "::1")
    #expect(HostName.hostName("127.0.0.1") == "127.0.0.1")
    for malformed in ["", "[::1", "[::1]x", "host:80x", ":80", "."] {
      #expect(HostName.hostName(malformed) == nil, "\(malformed)")
    }
  }

  @Test func loopbackTheBoundAddressAndAllowedNames() {
    let loopback = WebConfiguration().answeredHosts
    #expect(loopback == ["localhost", "127.0.0.1", "::1"])
    #expect(!HostName.isAllowed("rebind.example:8080", among: loopback))
    #expect(!HostName.isAllowed(nil, among: loopback))
    let named = WebConfiguration(host: "0.0.0.0", allowedHosts: ["Tables.Example:443"])
      .answeredHosts
    #expect(named == ["localhost", "127.0.0.1", "::1", "tables.example"])
    #expect(HostName.isAllowed("tables.example:8080", among: named))
    #expect(WebConfiguration(host: "192.168.1.5").answeredHosts.contains("192.168.1.5"))
  }

  @Test func theAddressesPrintedAtStartAreAnswered() {
    let everywhere = WebConfiguration(host: "0.0.0.0", allowedHosts: ["Tables.Example", "fe80::1"])
    #expect(
      everywhere.addresses(port: 8080) == [
        "http://localhost:8080/", "http://tables.example:8080/", "http://[fe80::1]:8080/",
      ])
    #expect(WebConfiguration(host: "::").addresses(port: 80) == ["http://localhost:80/"])
    #expect(WebConfiguration(host: "::1").addresses(port: 80) == ["http://[::1]:80/"])
    #expect(
      WebConfiguration(host: "10.0.0.2", allowedHosts: ["Tables.Example:443"])
        .addresses(port: 80) == ["http://10.0.0.2:80/", "http://Tables.Example:443/"])
    let banner = everywhere.banner("Tables", port: 8080)
    #expect(
      banner.hasPrefix("Tables: http://localhost:8080/\n  also: http://tables.example:8080/\n"))
    #expect(banner.contains("refused (421)"))
    #expect(!banner.contains("0.0.0.0"))
    #expect(!WebConfiguration().banner("Tables", port: 80).contains("421"))

    // Every address listed passes the host check, on every interface too.
    for host in ["0.0.0.0", "::", "127.0.0.1", "::1", "10.0.0.2"] {
      let configuration = WebConfiguration(
        host: host, allowedHosts: ["Tables.Example", "fe80::1", "Proxy.Example:443"])
      for address in configuration.addresses(port: 8080) {
        let authority = String(address.dropFirst("http://".count).dropLast())
        #expect(
          HostName.isAllowed(authority, among: configuration.answeredHosts),
          "\(host): \(address)")
      }
    }
  }
}
