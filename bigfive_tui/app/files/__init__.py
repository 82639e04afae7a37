"""The app's files: saved games and the autosave, positions exported and imported as
scenario files, and the settings kept between starts."""
