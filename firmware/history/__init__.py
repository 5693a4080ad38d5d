"""The history of finished games: records, statistics, how close to perfect each player played, and
whether the dice are fair (``kostka history``, the box's History screen)."""
