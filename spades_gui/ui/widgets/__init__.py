"""The widget kit: text and shapes on the felt, buttons and settings rows, scrolling lists,
toasts and dialogs, and the scene base the menu screens are built on."""

from .basic import Button, Custom, Figure, Label, Widget
from .containers import Dialog, MessageLine, ScrollView, Toast
from .rows import Checkbox, GroupHeading, Row, Selector, Stepper, TextField, Toggle, YesNo
from .scene import SidebarScene, SidePill, WidgetScene, sidebar_page, title_bar
from .shapes import draw_check, draw_outline, draw_panel, draw_triangle, felt_background
from .text import (
    draw_lines,
    draw_text,
    ellipsize,
    font,
    line_height,
    render_text,
    text_width,
    wrap,
)

__all__ = [
    "Button",
    "Checkbox",
    "Custom",
    "Figure",
    "Dialog",
    "GroupHeading",
    "Label",
    "MessageLine",
    "Row",
    "ScrollView",
    "Selector",
    "SidePill",
    "SidebarScene",
    "Stepper",
    "TextField",
    "Toast",
    "Toggle",
    "Widget",
    "WidgetScene",
    "YesNo",
    "draw_check",
    "draw_lines",
    "draw_outline",
    "draw_panel",
    "draw_text",
    "draw_triangle",
    "ellipsize",
    "felt_background",
    "font",
    "line_height",
    "render_text",
    "sidebar_page",
    "text_width",
    "title_bar",
    "wrap",
]
