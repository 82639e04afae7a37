"""The two games' set-ups as the new-game screens hand them to the app (big_five.py,
photo_safari.py), the games' names, and practice with computer teammates."""
