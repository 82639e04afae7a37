"""The Textual app: screens and widgets over the rules engine."""
