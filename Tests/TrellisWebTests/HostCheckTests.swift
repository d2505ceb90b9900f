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
}
