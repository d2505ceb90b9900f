extension ActionsApp {
  /// The first screen: every built-in action, a list whose items a tap deletes, the feet and
  /// inches picker, and the app's own actions, one of them missing.
  static let mainDescriptor = """
    {
      "schemaVersion": 1, "title": "Actions", "userInfo": {"audience": "everyone"},
      "sections": [
        {"id": "builtIn", "header": "Built-in actions",
         "footer": "Named in the descriptor: no Swift code.", "rows": [
          {"id": "push", "text": "Push a screen", "action": "push:Details",
           "accessory": "disclosureIndicator"},
          {"id": "present", "text": "Present a sheet", "action": "present:Sheet"},
          {"id": "open", "kind": "link", "text": "Open a web address",
           "url": "https://example.com/", "action": "open:https://example.com/"},
          {"id": "set", "text": "Mark as read", "detail": {"keyPath": "status"},
           "action": {"set": {"keyPath": "status", "value": "read"}}},
          {"id": "save", "text": "Save", "detail": {"keyPath": "saves"}, "action": "save"},
          {"id": "reload", "text": "Reload", "detail": {"function": "inbox"},
           "action": "reload"}
        ]},
        {"id": "items", "header": "Tap an item to delete it", "rows": [
          {"id": "item", "list": "items", "text": {"keyPath": "title"}, "action": "delete"}
        ]},
        {"id": "picker", "header": "A picker in parts", "rows": [
          {"id": "height", "kind": "selection", "text": "Height", "value": "height",
           "components": [
             {"from": 4, "to": 7, "unit": 12,
              "titles": ["4 feet", "5 feet", "6 feet", "7 feet"]},
             {"from": 0, "to": 11, "unit": 1,
              "titles": ["0 inches", "1 inch", "2 inches", "3 inches", "4 inches", "5 inches",
                         "6 inches", "7 inches", "8 inches", "9 inches", "10 inches",
                         "11 inches"]}
           ]},
          {"id": "inches", "kind": "label", "text": "In inches", "value": "height"}
        ]},
        {"id": "app", "header": "The app's own actions", "userInfo": {"topic": "greetings"},
         "rows": [
          {"id": "greet", "kind": "button", "text": "Say hello", "action": "greet",
           "userInfo": {"greeting": "Hello from the descriptor"}},
          {"id": "mail", "kind": "button", "text": "Receive mail", "action": "receiveMail"},
          {"id": "hooks", "text": "Hooks of Swift code", "action": "showHooks",
           "accessory": "disclosureIndicator"},
          {"id": "missing", "kind": "button", "text": "Launch rockets",
           "action": "launchRockets"}
        ]}
      ]
    }
    """

  /// The screen the first one pushes, and pops itself.
  static let detailsDescriptor = """
    {
      "schemaVersion": 1, "title": "Details",
      "sections": [{"id": "details", "rows": [
        {"id": "status", "kind": "label", "text": "Status", "value": "status"},
        {"id": "back", "kind": "button", "text": "Go back", "action": "pop"}
      ]}]
    }
    """

  /// The sheet the first screen presents, which dismisses itself.
  static let sheetDescriptor = """
    {
      "schemaVersion": 1, "title": "Sheet",
      "sections": [{"id": "sheet", "footer": "Presented as a sheet.", "rows": [
        {"id": "deeper", "text": "Push inside the sheet", "action": "push:Details",
         "accessory": "disclosureIndicator"},
        {"id": "close", "kind": "button", "text": "Dismiss", "action": "dismiss"}
      ]}]
    }
    """

  /// The data the first screen shows.
  static let initialData = """
    {
      "status": "unread", "saves": 0, "height": 70,
      "items": [{"title": "Buy milk"}, {"title": "Walk the dog"}, {"title": "Write tests"}]
    }
    """
}
