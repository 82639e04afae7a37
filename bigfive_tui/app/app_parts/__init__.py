"""The app's parts. :class:`~bigfive_tui.app.main.BigFiveApp` is an :class:`.core.AppCore`
(the state every part reads: the game in play, the player's choices, the autosave file) that
holds three parts, each a plain object building on the ones below it:

- :class:`.going_back.GoingBack` owns playing on from elsewhere: the timeline and going back to
  a moment of it (D-branch), an edited position made the game (D-edit), positions written as
  scenarios.
- :class:`.in_play.InPlay` owns which game is in play and on screen: a new game started, a
  saved one loaded or continued, the new-game screens' messages, what follows a game's end.
- :class:`.keeping.Keeper` owns keeping the game: the autosave after every change (and telling
  the player when it fails and works again), what a save keeps of practice, and asking before
  a game not safely on disk is replaced or the app quits.

The app itself receives the messages and runs the actions (Textual delivers them to the app)
and hands each to the part that owns it.
"""
