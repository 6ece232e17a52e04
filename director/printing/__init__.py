"""Printed documents (issue 7): data-driven reportlab renderers, no Django models involved.

Entry points (see docs/printing.md): ``director.printing.documents`` — ``render_envelopes``,
``render_duplication_sheets``, ``render_hand_records``, ``render_from_sets`` and ``KINDS`` — with
``director.printing.options.PrintOptions``. Nothing is imported here so that loading the Django
app does not load reportlab.
"""
