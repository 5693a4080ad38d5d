"""The appliance as a pure state machine: ``step(state, event) -> (state, effects)`` (``step``).

No module here touches a device, a clock or a file: ``events`` and ``effects`` are plain values,
``state`` the screens and the appliance, ``teach`` and ``check`` the menu's two camera tasks, ``views``
what each screen shows. ``firmware.loop`` carries the effects out.
"""
