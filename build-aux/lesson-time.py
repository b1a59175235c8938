#!/usr/bin/env python3
# How long the lessons take a newcomer played through once (issue 33), estimated from the
# lesson files: every text read at a newcomer's pace, a pause to look at the table and
# press Next after each step, time to find the answer of each task, and the cards the
# computer players lay watched at the table's pace. Two figures: every task right at the
# first try, and one wrong answer (its explanation read) in every task.
#
# Usage: lesson-time.py SOURCE_ROOT [WORDS_PER_MINUTE]
#
# SPDX-License-Identifier: GPL-3.0-or-later
import configparser
import glob
import os
import re
import sys

LOOK_S = 4.0      # look at the table after a text, then Next
TASK_S = 12.0     # find the card, the word or the number asked for
CARD_S = 1.2      # a card the others lay, watched: it flies, lands, the trick is held


def words(text):
    # a card's, rank's or suit's name stands for about two words ("Sow of Leaves")
    names = len(re.findall(r'\{[^}]*\}', text))
    plain = re.sub(r'\{[^}]*\}', ' ', text)
    return len(plain.split()) + 2 * names


def played(value):
    return len(value.split()) if value else 0


def lesson_time(path, wpm):
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str
    with open(path, encoding='utf-8') as f:
        parser.read_string(re.sub(r'(?m)^(\s*[^#\[=\s][^=]*=.*?)\s+#.*$', r'\1', f.read()))
    lesson = parser['Lesson']
    read = words(lesson.get('Title', '')) + words(lesson.get('Summary', ''))
    wrong_read = 0
    seconds = 0.0
    tasks = 0
    steps = [s for s in parser.sections() if s.startswith('Step ')]
    for name in steps:
        step = parser[name]
        read += words(step.get('Text', ''))
        seconds += LOOK_S
        seconds += CARD_S * (played(step.get('Before', '')) + played(step.get('Then', '')))
        if step.get('Task'):
            tasks += 1
            seconds += TASK_S
            read += words(step.get('Right', ''))
            wrong_read += words(step.get('Wrong', ''))
    right = seconds + 60.0 * read / wpm
    with_wrong = right + tasks * TASK_S / 2 + 60.0 * wrong_read / wpm
    return lesson.get('Id'), len(steps), tasks, read, right, with_wrong


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else '.'
    wpm = float(sys.argv[2]) if len(sys.argv) > 2 else 150.0
    paths = sorted(glob.glob(os.path.join(root, 'data', 'lessons', '*.lesson')),
                   key=lambda p: (os.path.basename(p).split('-')[0],
                                  int(os.path.basename(p).split('-')[1])))
    total_right = total_wrong = 0.0
    print(f'{"lesson":<22} {"steps":>5} {"tasks":>5} {"words":>6} {"right":>7} {"1 wrong":>8}')
    for path in paths:
        ident, steps, tasks, read, right, wrong = lesson_time(path, wpm)
        total_right += right
        total_wrong += wrong
        print(f'{ident:<22} {steps:>5} {tasks:>5} {read:>6} {right / 60:>6.1f}m {wrong / 60:>7.1f}m')
    print(f'{"all " + str(len(paths)) + " lessons":<42} {total_right / 60:>6.1f}m '
          f'{total_wrong / 60:>7.1f}m')
    print(f'(reading at {wpm:.0f} words a minute; {LOOK_S:.0f} s per step, {TASK_S:.0f} s per '
          f'task, {CARD_S} s per card watched)')


if __name__ == '__main__':
    main()
