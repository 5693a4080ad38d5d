"""The café's board: a box with a ``[cafe]`` section publishes its table's events over MQTT.

``moments`` turns the loop's steps into events (game started, roll read, move confirmed, game
finished, camera lost and back) and the table's current state; ``outbox`` keeps the events on disk
in the state directory, a bounded queue that survives a power cut; ``sender`` is the thread that
drains it to the broker whenever it is connected; ``publisher`` ties the three together for the
composition root. The box never waits for the café: a broker that is down, slow or refuses the box
only delays the events. The topics and payloads are described in ``docs/cafe.md``.
"""
