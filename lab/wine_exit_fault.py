"""Wine exit fault: pygame with a thread posting events, none of the game's code (docs/BUILD.md).

Under Wine with the Windows CPython: `wine python.exe -m lab.wine_exit_fault [exit|quit|nothread]`;
no argument: leave normally; exit: os._exit(0) after "done"; quit: pygame.quit() first;
nothread: no second thread.
"""

import os
import sys
import threading
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
import pygame

pygame.init()
screen = pygame.display.set_mode((1280, 720))
WAKE = pygame.event.custom_type()
stop = False


def work():
    n = 0
    while not stop:
        s = 0
        for i in range(20000):
            s += i * i % 7
        n += 1
        pygame.event.post(pygame.event.Event(WAKE, n=n))


t = threading.Thread(target=work, daemon=True)
if "nothread" not in sys.argv:
    t.start()
font = pygame.font.Font(None, 24)
t0 = time.time()
frames = 0
while time.time() - t0 < 8:
    for _e in pygame.event.get():
        pass
    screen.fill((0, 80, 40))
    screen.blit(font.render(f"frame {frames}", True, (255, 255, 255)), (10, 10))
    pygame.display.flip()
    frames += 1
    pygame.time.wait(2)
stop = True
if t.is_alive():
    t.join()
print("done", frames, flush=True)
if "exit" in sys.argv:
    os._exit(0)
if "quit" in sys.argv:
    pygame.quit()
    print("quit ok", flush=True)
