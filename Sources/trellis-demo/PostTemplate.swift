import Foundation
import TrellisExamples
import TrellisWeb

/// The web drawing of the editing-shapes post (seed 000's tweet-style cell): a picture, the
/// author and the message, the last two editable; each control names its tag.
enum PostTemplate {
  static func html(_ row: RowSnapshot) -> String {
    guard case .dictionary(let values)? = row.value else { return "" }
    let author = HTML.escape(values["1"]?.displayText ?? "")
    let message = HTML.escape(values["2"]?.displayText ?? "")
    let avatar = values["3"]?.displayText ?? ""
    let field = "font: inherit; text-align: left; border: 0; background: transparent; padding: 0;"
    let picture =
      avatar.isEmpty
      ? ""
      : "<img class=\"row-image\" alt=\"\" src=\"/images/\(HTML.escape(avatar))\""
        + " style=\"width: 44px; height: 44px; border-radius: 50%;\">"
    return """
      <div style="display: flex; gap: 12px; align-items: flex-start; width: 100%; \
      padding: 10px 16px 10px 0;">\(picture)<div style="display: flex; flex-direction: column; \
      flex: 1; gap: 4px;"><input class="control" data-type="text" data-tag="1" \
      aria-label="Author" value="\(author)" style="\(field) font-weight: 600;">\
      <textarea class="control" data-type="text" data-tag="2" aria-label="Message" rows="2" \
      style="\(field) color: var(--secondary);">\(message)</textarea></div></div>
      """
  }
}
