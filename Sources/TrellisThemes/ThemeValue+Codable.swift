import TrellisValues

/// JSON for theme values: an object with one key naming the case, e.g. `{"color": {...}}`,
/// `{"font": {"name": "Chalkduster", "size": 14}}`, `{"number": 60}`.
extension ThemeValue: Codable {
  private enum CodingKeys: String, CodingKey {
    case string, number, bool, color, font, image, separatorStyle, name
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let key = container.allKeys.first, container.allKeys.count == 1 else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "a theme value is an object with exactly one key"))
    }
    switch key {
    case .string: self = .string(try container.decode(String.self, forKey: key))
    case .number: self = .number(try container.decode(Double.self, forKey: key))
    case .bool: self = .bool(try container.decode(Bool.self, forKey: key))
    case .color: self = .color(try container.decode(ThemeColor.self, forKey: key))
    case .font: self = .font(try container.decode(ThemeFont.self, forKey: key))
    case .image: self = .image(try container.decode(ThemeImage.self, forKey: key))
    case .separatorStyle:
      self = .separatorStyle(try container.decode(ThemeSeparatorStyle.self, forKey: key))
    case .name: self = .name(try container.decode(String.self, forKey: key))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .string(let v): try container.encode(v, forKey: .string)
    case .number(let v): try container.encode(v, forKey: .number)
    case .bool(let v): try container.encode(v, forKey: .bool)
    case .color(let v): try container.encode(v, forKey: .color)
    case .font(let v): try container.encode(v, forKey: .font)
    case .image(let v): try container.encode(v, forKey: .image)
    case .separatorStyle(let v): try container.encode(v, forKey: .separatorStyle)
    case .name(let v): try container.encode(v, forKey: .name)
    }
  }
}
