"""Finger-sized targets around the calculators (issue 31, item 7): the scripts of the
story tests/browser/test_finger_sized.py runs in Chromium and in WebKitGTK. Each
script here is a function body (``return ...``), as the page API runs it."""

from __future__ import annotations

RULES_PAGE = "rules/close-assault/"
PHONE = (390, 844)
TABLET = (820, 1180)
MIN_TAP_PX = 44

# Every link to a calculator page in the rules text (not a card's own links): its
# words and its box's height.
CALCULATOR_LINKS = """
return [...document.querySelectorAll('.md-content .md-typeset a[href*="calculators/"]')]
  .filter(a => !a.closest('.chq-widget'))
  .map(a => ({text: a.textContent.trim(), height: a.getBoundingClientRect().height}));
"""

# Where the page must be scrolled to for the first card's answer bar to sit 70 px
# from the top of the screen: under Material's "Back to top" once it shows.
ANSWER_UNDER_TOP = """
const answer = document.querySelector('.chq-widget .chq-output');
return Math.round(answer.getBoundingClientRect().top + window.scrollY - 70);
"""

# Material's own state of its button: shown (no "hidden" attribute) or not.
TOP_SHOWN = "const top = document.querySelector('.md-top'); return Boolean(top && !top.hidden);"

# After two frames (the page's own reaction to the scroll drawn): whether the button
# is on screen over the answer bar, and the two boxes.
COVERED = """
const top = document.querySelector('.md-top');
const answer = document.querySelector('.chq-widget .chq-output');
const a = top.getBoundingClientRect();
const b = answer.getBoundingClientRect();
const seen = !top.hidden && getComputedStyle(top).visibility !== 'hidden' && Number(getComputedStyle(top).opacity) > 0;
const over = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
return {covered: seen && over, top: [a.top, a.bottom, a.left, a.right], answer: [b.top, b.bottom, b.left, b.right]};
"""

# The header's "Ready offline" badge: the words on screen (not clipped away), and
# the button's box.
BADGE_WORDS = """
const badge = document.querySelector('.chq-offline');
const button = badge.querySelector('button');
const shown = [...button.querySelectorAll('span')].filter(s => {
  const r = s.getBoundingClientRect();
  return r.width > 1 && r.height > 1 && getComputedStyle(s).display !== 'none';
}).map(s => s.textContent.trim());
const box = button.getBoundingClientRect();
return {shown, height: box.height, width: box.width, right: box.right};
"""

