"""The app as a process in a terminal: the driver that notices a terminal gone, and the one
malloc arena."""
