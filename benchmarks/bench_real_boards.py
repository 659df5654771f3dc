"""Extraction on real printed boards against their hand-labelled truth (tests/terrain/truth).

For each board, ``wgt map extract --truth`` runs twice, with the baseline legend (example hexes,
majority colour, the band method for lines: ``*.majority.legend.yaml``) and with the full legend
(rules, symbols, traced lines: ``*.legend.yaml``); returns accuracy, symbol and line recall and
precision, the review list (hexes flagged for review, and their share of the hexes extracted; and where the truth is
labelled, its share of those hexes and how many of the hexes read wrong it names), and the
seconds each run took. Needs the boards in ../shared/boards. Then the held-out board
(tests/terrain/truth/heldout, labels by someone else; its image fetched into build/heldout, or skipped
with the reason), the held-out regions of The Longest Day (labelled before any run on them, scored with
that board's legends unchanged on a grid covering the first region and each) and MMP Afrika (a board
labelled blind, with its own legend written before the first run). Then, for comparison, the review list on synthetic
scans (30x22 hexes of 40 px, two seeds), clean (no noise, cast or JPEG) and with the default degradations, with
how many of their hexes truly have no terrain over 60% (the review threshold), the hexes right (issue 14: synthetic
scans >= 99.5%), and the grid calibrated from four clicks 2 px off: its largest error over every hex centre (the
bar: 0.25 px) and the hexes right with it. ``--synthetic``: those alone. ``--perturb``: the robustness bench
(bench_perturb.py: the studied cases rescaled, JPEG-saved, cast, tone-bent, tilted, noisy).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
TRUTH = HERE.parent / "tests" / "terrain" / "truth"
HELDOUT = TRUTH / "heldout"
BOARDS = Path(os.environ.get("WGT_SHARED", HERE.parent.parent / "shared")) / "boards"
CASES = {"battle-for-moscow": "rzymek__web-boards/battle-for-moscow_board.gif",
         "the-longest-day": "uckelman__tld-mod/Map_Full.png",
         "ragnarok": "jzedwards__vassal-hex-n-counters-template/ragnarok_map.jpg"}
# held-out regions of those boards (heldout/RESULTS.md): name -> (image, truth, the board whose legends are
# used unchanged, the grid's extent for the run: the legends' example hexes and sides lie in the board's
# first region, so the run covers both and only the held-out hexes are scored)
HELDOUT_REGIONS = {"the-longest-day-heldout": ("uckelman__tld-mod/Map_Full.png", "the-longest-day-2.yaml",
                                               "the-longest-day", ((35, 68), (30, 50))),
                   # the third region (columns 70-81 x rows 40-52), labelled blind on 5 Dec: a grid spanning
                   # the first region's examples and it
                   "the-longest-day-3-heldout": ("uckelman__tld-mod/Map_Full.png", "the-longest-day-3.yaml",
                                                 "the-longest-day", ((35, 81), (35, 52))),
                   # the fourth region (columns 19-30 x rows 40-51, Coutances), labelled blind on 5 Dec: a grid
                   # spanning it and the first region's examples
                   "the-longest-day-4-heldout": ("uckelman__tld-mod/Map_Full.png", "the-longest-day-4.yaml",
                                                 "the-longest-day", ((19, 55), (35, 51))),
                   # the fifth region (columns 58-67 x rows 44-55, Villers-Bocage - Aunay-sur-Odon), labelled blind
                   # on 5 Dec: a grid spanning it and the first region's examples
                   "the-longest-day-5-heldout": ("uckelman__tld-mod/Map_Full.png", "the-longest-day-5.yaml",
                                                 "the-longest-day", ((35, 67), (35, 55)))}
# held-out boards labelled here, blind, with their own legend written before the first run
# (heldout/RESULTS-afrika.md): name -> (image, truth, legend, the grid's extent for the run: the legend's
# examples lie outside the labelled region, so the run covers both and only the labelled hexes are scored)
HELDOUT_BOARDS = {"afrika-heldout": ("rzymek__web-boards/africa2_Map.JPG", "afrika.yaml", "afrika.legend.yaml",
                                     ((10, 29), (7, 27))),
                  # the second region (heldout/RESULTS-afrika-2.md): the same legend, a grid spanning its examples
                  # and the region (columns 55-62 x rows 04-13)
                  "afrika-2-heldout": ("rzymek__web-boards/africa2_Map.JPG", "afrika-2.yaml", "afrika.legend.yaml",
                                       ((10, 62), (4, 27))),
                  # the third region (heldout/afrika-3.yaml, RESULTS-afrika-3.md): the same legend, a grid spanning
                  # its examples and the region (columns 31-42 x rows 14-22)
                  "afrika-3-heldout": ("rzymek__web-boards/africa2_Map.JPG", "afrika-3.yaml", "afrika.legend.yaml",
                                       ((10, 42), (7, 27))),
                  # the fourth region (heldout/afrika-4.yaml, RESULTS-afrika-4.md), painted terrain in two blocks
                  # (the Jebel's north and east; El Agheila - Subkhat Ghuzayyu): the same legend, a grid spanning
                  # its examples and both blocks (columns 01-29 x rows 01-29)
                  "afrika-4-heldout": ("rzymek__web-boards/africa2_Map.JPG", "afrika-4.yaml", "afrika.legend.yaml",
                                       ((1, 29), (1, 29))),
                  # the fifth region (heldout/afrika-5.yaml, RESULTS-afrika-5.md), painted terrain in four blocks
                  # (the Jebel's west slope, Sabkhat Shunayn, east of Bir Tengeder, Siwa - south of Qara): the same
                  # legend, a grid spanning its examples and the blocks (columns 08-57 x rows 01-27)
                  "afrika-5-heldout": ("rzymek__web-boards/africa2_Map.JPG", "afrika-5.yaml", "afrika.legend.yaml",
                                       ((8, 57), (1, 27)))}
# held-out boards labelled here, blind, whose image is fetched into the cache like Bastogne's (web_boards.py fetch
# --board NAME; heldout/RESULTS-red-winter.md): name -> (web_boards board, truth, legend, the grid's extent: the
# legend's examples lie outside both labelled regions, so the run covers them and the region)
HELDOUT_FETCHED = {"red-winter-heldout": ("red-winter", "red-winter.yaml", "red-winter.legend.yaml",
                                          ((1, 23), (1, 29))),
                   "red-winter-2-heldout": ("red-winter", "red-winter-2.yaml", "red-winter.legend.yaml",
                                            ((1, 23), (1, 29))),
                   # region 3 (columns T-X x rows 1-17) reaches column X: the run covers columns A-X
                   "red-winter-3-heldout": ("red-winter", "red-winter-3.yaml", "red-winter.legend.yaml",
                                            ((1, 24), (1, 29))),
                   # Seelowe (heldout/RESULTS-seelowe.md): three blind regions, one legend, the whole map
                   "seelowe-heldout": ("seelowe", "seelowe.yaml", "seelowe.legend.yaml", ((1, 28), (1, 42))),
                   "seelowe-2-heldout": ("seelowe", "seelowe-2.yaml", "seelowe.legend.yaml", ((1, 28), (1, 42))),
                   "seelowe-3-heldout": ("seelowe", "seelowe-3.yaml", "seelowe.legend.yaml", ((1, 28), (1, 42))),
                   # GMT France '40's Dynamo map (heldout/RESULTS-dynamo.md; its image from HerrEklund/wasa, a clone
                   # named by $WGT_WASA_GIT): one blind region, the run on the whole calibrated map, columns 10-60 x
                   # rows 00-28 (the legend's examples are spread over it)
                   "dynamo-heldout": ("dynamo", "dynamo.yaml", "dynamo.legend.yaml", ((10, 60), (0, 28))),
                   # its second region (dynamo-2.yaml, columns 15-24 x rows 14-22), the same legend and run
                   "dynamo-2-heldout": ("dynamo", "dynamo-2.yaml", "dynamo.legend.yaml", ((10, 60), (0, 28))),
                   # Avalon Hill Roads to Gettysburg's North Map, a scan (heldout/RESULTS-gettysburg.md; its image
                   # from HerrEklund/wasa like Dynamo's): one blind region, the run on the calibrated map, columns
                   # 01-57 x rows 01-33 (row 34 is cut by the scan's edge; the legend's examples are spread over it)
                   "gettysburg-heldout": ("gettysburg", "gettysburg.yaml", "gettysburg.legend.yaml",
                                          ((1, 57), (1, 33))),
                   # its second region (gettysburg-2.yaml, columns 49-57 x rows 18-26, STUDIED), the same legend
                   # and run
                   "gettysburg-2-heldout": ("gettysburg", "gettysburg-2.yaml", "gettysburg.legend.yaml",
                                            ((1, 57), (1, 33))),
                   # Avalon Hill Stonewall Jackson's Way (the same series as Roads to Gettysburg), its North Map above
                   # its South Map in one scan (heldout/RESULTS-sjw.md; from HerrEklund/wasa like Dynamo's): one
                   # blind region, the run on the North Map's calibrated grid, columns 01-58 x rows 01-34 (the South
                   # Map below has its own ids; the legend's examples are spread over the North Map)
                   "sjw-heldout": ("sjw", "sjw.yaml", "sjw.legend.yaml", ((1, 58), (1, 34))),
                   # its second region (sjw-2.yaml, columns 27-35 x rows 08-16, STUDIED), the same legend and run
                   "sjw-2-heldout": ("sjw", "sjw-2.yaml", "sjw.legend.yaml", ((1, 58), (1, 34))),
                   # GMT Next War: Korea (2012; digital art, large hexes, tree symbols, shaded relief across the
                   # hexes, three road grades, no printed key), its North and South sheets in one picture
                   # (heldout/RESULTS-nwk.md; from HerrEklund/wasa like Dynamo's): one BLIND region, the run on the
                   # South sheet's calibrated grid, columns 07-50 x rows 00-22 (the North sheet above has its own
                   # ids; row 23's odd columns are cut by the picture's edge; the legend's examples are spread over
                   # the South sheet), with the legend as amended after its first run (the road and trail unmasked)
                   "nwk-heldout": ("nwk", "nwk.yaml", "nwk.amended.legend.yaml", ((7, 50), (0, 22))),
                   # the same with the legend as first written (refused, exit 3, until the lines step read a
                   # terrain emptied by the lines' whole masks as its own ground; RESULTS-nwk.md)
                   "nwk-first-heldout": ("nwk", "nwk.yaml", "nwk.legend.yaml", ((7, 50), (0, 22))),
                   # its second region (nwk-2.yaml, columns 19-27 x rows 14-22, STUDIED), the amended legend and
                   # the same run as nwk-heldout
                   "nwk-2-heldout": ("nwk", "nwk-2.yaml", "nwk.amended.legend.yaml", ((7, 50), (0, 22))),
                   # Avalon Hill Squad Leader (1977), map board 1's west half, a PHOTOGRAPH of the printed board
                   # (huge hexes with centre dots, buildings in plan, wide grey roads; heldout/RESULTS-sl.md; from
                   # HerrEklund/wasa like Dynamo's): one BLIND region, the run on the calibrated picture, columns A-P x
                   # rows 1-10 (the legend's examples lie in columns L-O)
                   "sl-heldout": ("sl", "sl.yaml", "sl.legend.yaml", ((1, 16), (1, 10))),
                   # the same with the board's rule added to the legend (centre: true, a hex is the terrain under its
                   # centre dot: sl.amended.legend.yaml, that one key more; docs/legend.md)
                   "sl-amended-heldout": ("sl", "sl.yaml", "sl.amended.legend.yaml", ((1, 16), (1, 10))),
                   # its second region (sl-2.yaml, columns K-P x rows 1-10 less the corner O7-P9 its own legend's
                   # examples use, 41 hexes, STUDIED) on its own grid and legend (sl-2.legend.yaml), the run widened
                   # to the same calibrated picture
                   "sl-2-heldout": ("sl", "sl-2.yaml", "sl-2.legend.yaml", ((1, 16), (1, 10))),
                   # the same with the board's rule added to its legend (sl-2.amended.legend.yaml: centre: true)
                   "sl-2-amended-heldout": ("sl", "sl-2.yaml", "sl-2.amended.legend.yaml", ((1, 16), (1, 10))),
                   # Decision Games D-Day at Omaha Beach, its alternative map (2014; digital art, terrain fills clipped
                   # to the hexes, hedgerows drawn inside bocage hexes, woods patches, houses, three road grades of
                   # one or two greys, game markers printed everywhere; heldout/RESULTS-omaha.md; from HerrEklund/wasa
                   # like Dynamo's): one BLIND region, the run on the calibrated map, columns 01-36 x rows 05-20 (the
                   # legend's examples lie in columns 17-35 or rows 05-08)
                   "omaha-heldout": ("omaha", "omaha.yaml", "omaha.legend.yaml", ((1, 36), (5, 20))),
                   # its second region (omaha-2.yaml: Vierville and Hamel-au-Pretre, columns 25-34 x rows 06-11 less
                   # 0834, 59 hexes, STUDIED; heldout/RESULTS-omaha-2.md) on region 1's grid with the same legend, none
                   # of whose examples lies in or beside it, the same run
                   "omaha-2-heldout": ("omaha", "omaha-2.yaml", "omaha.legend.yaml", ((1, 36), (5, 20))),
                   # Vae Victis Velikie Louki 1942-1943 (2022; a French magazine's map: hexes marked only by ticks at
                   # their corners on white snow, marsh and level-1 fills, tree dots, village squares, town blocks,
                   # rivers along the sides, grey double-line roads, dashed railways, a printed key; 860x1239, 68 px
                   # hexes; heldout/RESULTS-louki.md; from axel18bsm/MapToHexagonalGrid2D): one BLIND region, the run
                   # on the calibrated map, columns 01-16 x rows 01-20 (the legend's examples lie in columns 04 and
                   # less, rows 03 and less, rows 15 and more or column 16)
                   "louki-heldout": ("louki", "louki.yaml", "louki.legend.yaml", ((1, 16), (1, 20))),
                   # its second region (louki-2.yaml: the Lovat by Polobino and Komza, columns 07-12 x rows 15-19, 30
                   # hexes, STUDIED; heldout/RESULTS-louki.md) on region 1's grid with its own legend (region 1's with
                   # the examples in or beside region 2 moved), the same run
                   "louki-2-heldout": ("louki", "louki-2.yaml", "louki-2.legend.yaml", ((1, 16), (1, 20))),
                   # its third region (louki-3.yaml: Novosokolniki, the minor rivers round Gorki and the level-1 fill in
                   # the north-west corner, columns 01-04 x rows 01-10, 40 hexes, STUDIED; heldout/RESULTS-louki.md) on
                   # region 1's grid with its own legend (region 1's with the examples in or beside region 3 moved),
                   # the same run
                   "louki-3-heldout": ("louki", "louki-3.yaml", "louki-3.legend.yaml", ((1, 16), (1, 20))),
                   # SPI Atlantic Wall (1978; a classic flat-colour map: thin brown hex lines over every fill, clear,
                   # bocage with hedgerow cells, woods blobs, hatched marsh, grey town blocks, a solid and a dashed road
                   # in one brown, a river along the sides, no key), a 1920x800 banner cut from a 150 dpi scan turned by
                   # 90 degrees (pointy-top 56 px hexes, ids row first, columns counted to the left;
                   # heldout/RESULTS-atlantic-wall.md; from jzedwards/blog.simpubs.org): one BLIND region, the run on
                   # the calibrated banner, rows 14-28 x columns 01-34 (the legend's examples lie in columns 16 and less
                   # or 28 and more, or rows 14-17)
                   "atlantic-wall-heldout": ("atlantic-wall", "atlantic-wall.yaml", "atlantic-wall.legend.yaml",
                                             ((1, 34), (14, 28))),
                   # its second region (atlantic-wall-2.yaml: Longues, Commes and the bocage south of Port-en-Bessin,
                   # rows 23-27 x columns 04-12, 45 hexes, STUDIED; heldout/RESULTS-atlantic-wall.md) on region 1's grid
                   # with its own legend (region 1's with the examples in or beside region 2 moved), the same run
                   "atlantic-wall-2-heldout": ("atlantic-wall", "atlantic-wall-2.yaml", "atlantic-wall-2.legend.yaml",
                                               ((1, 34), (14, 28))),
                   # its third region (atlantic-wall-3.yaml: Colleville, Port-en-Bessin, Mosles and Tour-en-Bessin, an L
                   # of 51 hexes about region 2, hexes only, STUDIED; heldout/RESULTS-atlantic-wall.md) with its own
                   # legend (region 2's with the examples in or beside region 3 moved), the same run
                   "atlantic-wall-3-heldout": ("atlantic-wall", "atlantic-wall-3.yaml", "atlantic-wall-3.legend.yaml",
                                               ((1, 34), (14, 28))),
                   # its fourth region (atlantic-wall-4.yaml: Osmanville, Isigny, the Aure through its marshes and the
                   # dashed roads on clear ground by both towns, rows 19-28 x columns 30-34, 45 hexes, STUDIED;
                   # heldout/RESULTS-atlantic-wall.md) with its own legend (region 2's with the examples in or beside
                   # region 4 moved), the same run
                   "atlantic-wall-4-heldout": ("atlantic-wall", "atlantic-wall-4.yaml", "atlantic-wall-4.legend.yaml",
                                               ((1, 34), (14, 28))),
                   # RBM Studio Waterloo Campaign 1815 (C3i 32, 2019; a modern map drawn over an engraved 18th-century
                   # map that is not terrain: faint grey hex lines, thick dark-grey roads, a dark-blue river band
                   # winding through the hexes, light-blue streams, towns as house icons; rendered at 150 dpi without
                   # its names and ids: pointy-top 117 px hexes, ids row first, rows counted up;
                   # heldout/RESULTS-waterloo.md; from rally-the-troops/waterloo-campaign-1815): one BLIND region, the
                   # run on the whole calibrated map, rows 10-40 x columns 00-41 (the legend's examples lie in columns
                   # 21 and less or 37 and more)
                   "waterloo-heldout": ("waterloo", "waterloo.yaml", "waterloo.legend.yaml", ((0, 41), (10, 40))),
                   # its second region (waterloo-2.yaml: the Dyle and its tributary from Limal and Ottignies to
                   # Mont-St-Guibert, Corbaix, Nil-St-Martin, Corroy and Walhain, rows 31-37 x columns 23-29, 49 hexes,
                   # streams and roads, no river, STUDIED; heldout/RESULTS-waterloo.md) on region 1's grid with the same
                   # legend, none of whose examples lies in or beside it, the same run
                   "waterloo-2-heldout": ("waterloo", "waterloo-2.yaml", "waterloo.legend.yaml", ((0, 41), (10, 40))),
                   # "Guns of the Americas" (Ray Weiss; the lerugray/hexwright sample: a digital continental map
                   # downscaled to 3000 px, flat-top hexes of 34 px between columns with faint ids at their bottom,
                   # flat fills, red hatched state borders, grey-olive ridge bands and a grey-blue river band on the
                   # sides, thin dark railways; heldout/RESULTS-gota.md): one BLIND region, the run on the whole
                   # calibrated map, columns 01-87 x rows 01-48 (the legend's examples lie far from the region)
                   "gota-heldout": ("gota", "gota.yaml", "gota.legend.yaml", ((1, 87), (1, 48))),
                   # its second region (gota-2.yaml: the Chattahoochee on the Alabama-Georgia border, Atlanta's
                   # railways, the swamps of south Georgia; STUDIED; heldout/RESULTS-gota.md), region 1's legend and run
                   "gota-2-heldout": ("gota", "gota-2.yaml", "gota.legend.yaml", ((1, 87), (1, 48))),
                   # GDW Europa map 2A (a 1280x298 banner cut from a SCAN of the printed paper map, turned 90 degrees:
                   # pink paper, a fold crease, thin grey-olive hex lines, ids sideways in every hex, sparse and dense
                   # green stipples, blue swamp dashes, city square patterns, town rings and dots, thin black railways,
                   # rivers on the sides, a title pasted over its middle; pointy-top 39 px hexes, ids row first, columns
                   # counted to the left; heldout/RESULTS-europa.md; from jzedwards/blog.simpubs.org): one BLIND region,
                   # the run on the whole calibrated banner, rows 31-38 x columns 01-33 (the legend's examples lie in
                   # columns 22 and less)
                   "europa-heldout": ("europa", "europa.yaml", "europa.legend.yaml", ((1, 33), (31, 38))),
                   # its second region (europa-2.yaml: Gorkiy, Dzerzhinsk, the Volga and the Oka's arm winding through
                   # the hexes, two railways, rows 31-38 x columns 01-09, STUDIED; heldout/RESULTS-europa.md) with its
                   # own legend (region 1's with the examples in or beside region 2 moved, none from region 1: forest
                   # and dot dropped), the same run
                   "europa-2-heldout": ("europa", "europa-2.yaml", "europa-2.legend.yaml", ((1, 33), (31, 38))),
                   # GDW Battle for Moscow (Frank Chadwick, 1986): the WHOLE MAP SHEET of the ORIGINAL print - the map
                   # whose 1993 redraw is the first case, battle-for-moscow: a known map drawn otherwise -, a scan in
                   # two 256-colour GIF halves stitched (1063x900; each half dithered in its own palette): big flat-top
                   # hexes (49 px radius) with ids only on every fifth hex, cream paper, olive forest blobs, a
                   # lavender-grey and a green-dot-screen defence-line tint, Moscow's black blot, city squares, set-up
                   # crosses and stars, thick dark-grey railways, grey jagged rivers on the sides;
                   # heldout/RESULTS-bfm.md, from tscheffel/battleformoscow: one region labelled blind, rows 06-10 x
                   # columns 01-14, the run on the whole calibrated sheet, columns 01-14 x rows 01-10 (the legend's
                   # examples lie in rows 01-04)
                   "bfm-heldout": ("bfm", "bfm.yaml", "bfm.legend.yaml", ((1, 14), (1, 10))),
                   # its second region (bfm-2.yaml: Smolensk, Rzhev, Vyazma, Mozhaisk, Kaluga, Moscow and Ryazan, rows
                   # 01-05 x columns 01-14, STUDIED; heldout/RESULTS-bfm.md) with region 1's legend, whose examples all
                   # lie in it (none in region 1), the same run
                   "bfm-2-heldout": ("bfm", "bfm-2.yaml", "bfm.legend.yaml", ((1, 14), (1, 10))),
                   # David Rodal's Bussaco 1810 (2017; a published web game's map, its author's own DIGITAL art, not a
                   # print: a speckled tan ground, woods as clumps of tree blobs spilling over the sides, up-slope
                   # hexsides as thick brown lines with hachures, brown roads, a dark-blue river band along the sides,
                   # town blots, red set-up letters and blue numbers in the hexes, no printed ids; 3869x2539, flat-top
                   # hexes of 68 px radius; heldout/RESULTS-bussaco.md, from daverodal/wargaming): one BLIND region,
                   # columns 19-28 x rows 13-21, the run on the whole calibrated map, columns 01-37 x rows 01-21 (the
                   # legend's examples lie in columns 17 and less, 31 and more, or rows 11 and less)
                   "bussaco-heldout": ("bussaco", "bussaco.yaml", "bussaco.legend.yaml", ((1, 37), (1, 21))),
                   # its second region (bussaco-2.yaml: Penacova, its roads, the river's winding course, the ridge's
                   # end; columns 30-37 x rows 11-21, STUDIED; heldout/RESULTS-bussaco.md) with region 1's legend, none
                   # of whose examples lies in or beside it, the same run
                   "bussaco-2-heldout": ("bussaco", "bussaco-2.yaml", "bussaco.legend.yaml", ((1, 37), (1, 21))),
                   # GMT France '40's south map "Sickle Cut" (Dynamo's sibling, the publisher's digital art; from
                   # HerrEklund/wasa like Dynamo's; heldout/RESULTS-sickle.md): one BLIND region labelled by stored44
                   # (columns 39-46 x rows 11-18: La Capelle, Vervins, Hirson, Fourmies, Chimay, Montcornet, the Oise
                   # and the Serre, five railways), the legend user43 wrote from the docs with its examples in or beside
                   # region 2 moved, the run on the whole calibrated map, columns 11-60 x rows 00-28
                   "sickle-heldout": ("sickle", "sickle.yaml", "sickle.legend.yaml", ((11, 60), (0, 28))),
                   # its second region (sickle-2.yaml, columns 12-16 x rows 01-08, STUDIED: session 43's stranger's
                   # test, user43), the same legend and run
                   "sickle-2-heldout": ("sickle", "sickle-2.yaml", "sickle.legend.yaml", ((11, 60), (0, 28))),
                   # "Kassala" (The Complete Book of Wargames, 1980, Fig. 4-1: a scan of a printed book figure,
                   # hand-drawn hexes, a wadi along the hexsides, a trench drawn beside its hexsides; from
                   # rummelsworth/vassal-module-kassala, $WGT_KASSALA_GIT; heldout/RESULTS-kassala.md): STUDIED,
                   # labelled by user43 (session 43), the whole map with user43's legend (its examples in the region),
                   # the run on the module's grid, columns 01-10 x rows 01-10
                   "kassala-heldout": ("kassala", "kassala.yaml", "kassala.legend.yaml", ((1, 10), (1, 10))),
                   # David Rodal's "New Manchuria 1976" (the TMCW series; the publisher's own digital art, from
                   # daverodal/wargaming like Bussaco's, $WGT_RODAL_GIT; heldout/RESULTS-manchuria.md): one BLIND region
                   # labelled by stored45 (columns 28-35 x rows 06-13: Hailar, the border of Mongolia, the USSR and
                   # China with the river along it, the mountain block, the railway and its branch, roads), the legend
                   # session 44's user44 wrote from the docs (none of its examples in or beside either region), the run
                   # on the whole calibrated map, columns 01-39 x rows 01-33, as user44 ran it
                   "manchuria-heldout": ("manchuria", "manchuria.yaml", "manchuria.legend.yaml", ((1, 39), (1, 33))),
                   # its second region (manchuria-2.yaml, columns 16-23 x rows 19-26, Changchun and Harbin, STUDIED:
                   # session 44's stranger's test, user44), the same legend and run
                   "manchuria-2-heldout": ("manchuria", "manchuria-2.yaml", "manchuria.legend.yaml",
                                           ((1, 39), (1, 33))),
                   # "Bloody Kuningtou" (Taiwan's Wargame magazine, 2010: the magazine's digital map art as a JPEG,
                   # not a scan; painted relief under white hex lines, village house symbols, white roads, a brown cliff
                   # line on the coast's sides; from jsyeh/kuningtou, $WGT_KUNINGTOU_GIT; heldout/RESULTS-kuningtou.md):
                   # STUDIED, labelled by user44 (columns 4-9 x rows 4-12), user44's legend with the cliff's
                   # `on_coast: true` (its shore and lake examples are the map's only such hexes, two in the region),
                   # the run on the whole calibrated map, columns 01-15 x rows 01-14
                   "kuningtou-heldout": ("kuningtou", "kuningtou.yaml", "kuningtou.legend.yaml", ((1, 15), (1, 14))),
                   # Vae Victis's "La Garde avance!" (the magazine's Waterloo game; a TRUE SCAN of the two printed map
                   # pages side by side, a white gutter cutting column 22, the scanner's colour banding; hexes marked
                   # only by corner ticks; from axel18bsm/MapToHexagonalGrid2D like Louki's, $WGT_MAPTOHEX_GIT;
                   # heldout/RESULTS-garde.md): one BLIND region of the LEFT page labelled by stored46 (columns 13-20 x
                   # rows 06-13: La Belle Alliance, the high ground round it, the track and its fork, the chaussee),
                   # the legend session 45's user45 wrote from the docs (its second form; pale's examples moved off the
                   # studied region to the left page's pale strip), the run on the whole scan, columns 11-33 x rows
                   # 01-14, on one grid for both pages
                   "garde-heldout": ("garde", "garde.yaml", "garde.legend.yaml", ((11, 33), (1, 14))),
                   # its RIGHT page's region (garde-2.yaml, columns 24-30 x rows 02-09, the pale hollow, the high
                   # ground's tree icons, the chaussee and the track, STUDIED: session 45's stranger's test, user45),
                   # the same legend and run
                   "garde-2-heldout": ("garde", "garde-2.yaml", "garde.legend.yaml", ((11, 33), (1, 14))),
                   # Avalon Hill Roads to Gettysburg's SOUTH Map (the North Map is gettysburg-heldout's; a scan of the
                   # printed sheet; from HerrEklund/wasa like Dynamo's; heldout/RESULTS-gettysburg-south.md): one BLIND
                   # region labelled by rtg47 (columns 13-20 x rows 05-12: Waynesboro - South Mountain, 4 uncertain
                   # hexes left out), a legend of this sheet's examples with the North Map key's classes, the run on
                   # the calibrated sheet, columns 01-58 x rows 02-34 (the odd columns' row 01 is cut by the top edge)
                   "gettysburg-south-heldout": ("gettysburg-south", "gettysburg-south.yaml",
                                                "gettysburg-south.legend.yaml", ((1, 58), (2, 34))),
                   # its second region (gettysburg-south-2.yaml, columns 22-28 x rows 13-20, Mechanicstown - the
                   # Monocacy, STUDIED), the same legend and run
                   "gettysburg-south-2-heldout": ("gettysburg-south", "gettysburg-south-2.yaml",
                                                  "gettysburg-south.legend.yaml", ((1, 58), (2, 34))),
                   # both with the legend amended after the first runs, decided on the studied region alone: the road's
                   # colour the printed key's (gettysburg.legend.yaml's), not the hex line's the first one sampled
                   "gettysburg-south-amended-heldout": ("gettysburg-south", "gettysburg-south.yaml",
                                                        "gettysburg-south.amended.legend.yaml", ((1, 58), (2, 34))),
                   "gettysburg-south-2-amended-heldout": ("gettysburg-south", "gettysburg-south-2.yaml",
                                                          "gettysburg-south.amended.legend.yaml", ((1, 58), (2, 34))),
                   # GDW's "1942" (Series 120) as Compass Games' re-issue printed its map in Paper Wars #104 (2022;
                   # a digital magazine spread, not a scan: a vector map with the ids at the top of each hex, green
                   # rough areas not clipped to the hexes, a darker blue along every coast and in one prohibited
                   # block, green border hexsides, red roads through the hexes; from jzedwards/blog.simpubs.org like
                   # Atlantic Wall's, $WGT_SIMPUBS_GIT; heldout/RESULTS-paperwars.md): STUDIED, session 47's
                   # stranger's test (user47: columns 04-10 x rows 01-08, Siam and Indochina, labelled before any run),
                   # user47's legend as written from the docs, the run on the whole calibrated spread, columns 01-32 x
                   # rows 01-21
                   "paperwars-heldout": ("paperwars", "paperwars-1942.yaml", "paperwars.legend.yaml",
                                         ((1, 32), (1, 21))),
                   # the same with user47's legend as amended after the first run (the sea's rule dropped, the
                   # prohibited sea and the swamp given rules against the coast's darker water and pale glow: rules
                   # main's code reads its majority past - RESULTS-paperwars.md)
                   "paperwars-amended-heldout": ("paperwars", "paperwars-1942.yaml", "paperwars.amended.legend.yaml",
                                                 ((1, 32), (1, 21)))}


def main(flags: list[str]) -> dict[str, object]:
    global FOLLOW_PRINT
    FOLLOW_PRINT = "--affine-only" not in flags
    if "--synthetic" in flags:  # the synthetic boards alone (hexes, calibration, review list)
        return synthetic_review()
    if "--perturb" in flags:  # the studied cases read from perturbed copies of their images (bench_perturb.py)
        from benchmarks import bench_perturb

        return bench_perturb.main(flags)
    out: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, image in CASES.items():
            if not (BOARDS / image).is_file():
                out[name] = "board not found"
                continue
            for kind in ("majority", "full"):
                legend = TRUTH / (f"{name}.majority.legend.yaml" if kind == "majority" else f"{name}.legend.yaml")
                out[f"{name}/{kind}"] = _run(name, kind, BOARDS / image, TRUTH / f"{name}.yaml", legend, Path(tmp))
        for name, (image, truth, board, extent) in HELDOUT_REGIONS.items():
            if not (BOARDS / image).is_file():
                out[name] = "board not found"
                continue
            for kind in ("majority", "full"):
                legend = TRUTH / (f"{board}.majority.legend.yaml" if kind == "majority" else f"{board}.legend.yaml")
                out[f"{name}/{kind}"] = _run(name, kind, BOARDS / image, HELDOUT / truth, legend, Path(tmp), extent)
        for name, (image, truth, legend_name, extent) in HELDOUT_BOARDS.items():
            if not (BOARDS / image).is_file():
                out[name] = "board not found"
                continue
            out[f"{name}/full"] = _run(name, "full", BOARDS / image, HELDOUT / truth, HELDOUT / legend_name,
                                       Path(tmp), extent)
        out.update(heldout(Path(tmp)))
        out.update(heldout_fetched(Path(tmp)))
    out.update(synthetic_review())
    return out


def web_boards() -> Any:
    """tests/terrain/truth/heldout/web_boards.py (not in a package: loaded from its path)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("web_boards", HELDOUT / "web_boards.py")
    assert spec is not None and spec.loader is not None
    wb = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(wb)
    return wb


def _fetched(board: str) -> tuple[Path | None, str]:
    """The cached image of a web-boards ``board`` (heldout/web_boards.py), fetched when absent (from a clone named
    by $WGT_WEB_BOARDS_GIT, or the board's own variable, else from GitHub): (its path, "") or (None, why it is
    skipped)."""
    wb = web_boards()
    image = wb.image_path(board)
    if image is None:
        try:
            image = wb.fetch(wb.default_git(board), board)
        except (OSError, wb.WrongBlob, subprocess.CalledProcessError) as exc:
            return None, f"{wb.why_absent(board)}; fetching it failed: {exc}"
    return image, ""


def heldout(tmp: Path) -> dict[str, object]:
    """The held-out board (tests/terrain/truth/heldout: MMP Bastogne, labels by the web-boards author),
    with the legend as first written and as amended after its first run (RESULTS-web.md). The image is
    not in the repository: taken from the cache, else fetched (from a clone named by $WGT_WEB_BOARDS_GIT,
    else from GitHub); skipped with the reason when that fails."""
    image, reason = _fetched("bastogne")
    if image is None:
        print(f"   bastogne (held out): skipped: {reason}", flush=True)
        return {"bastogne": f"skipped: {reason}"}
    return {f"bastogne/{kind}": _run("bastogne", kind, image, HELDOUT / "bastogne.yaml", HELDOUT / legend, tmp)
            for kind, legend in (("first", "bastogne.legend.yaml"), ("amended", "bastogne.amended.legend.yaml"))}


def heldout_fetched(tmp: Path, names: list[str] | None = None) -> dict[str, object]:
    """The held-out boards labelled here whose image is fetched into the cache (HELDOUT_FETCHED: GMT Red Winter,
    Seelowe, France '40 Dynamo, Roads to Gettysburg, Stonewall Jackson's Way, Next War: Korea), each region with its
    own legend; skipped with the reason when the image cannot be had."""
    out: dict[str, object] = {}
    for name in names or list(HELDOUT_FETCHED):
        board, truth, legend, extent = HELDOUT_FETCHED[name]
        image, reason = _fetched(board)
        if image is None:
            print(f"   {name}: skipped: {reason}", flush=True)
            out[name] = f"skipped: {reason}"
            continue
        out[f"{name}/full"] = _run(name, "full", image, HELDOUT / truth, HELDOUT / legend, tmp, extent)
    return out


def _run(name: str, kind: str, image: Path, truth: Path, legend: Path, tmp: Path,
         extent: tuple[tuple[int, int], tuple[int, int]] | None = None) -> object:
    """One ``wgt map extract --truth`` run: accuracy, symbol and line recall and precision, review list, seconds.
    The grid is the truth's, with its extent replaced by ``extent`` ((columns), (rows)) if given."""
    from toolkit.cli.map_scan import _grid_text
    from toolkit.terrain.truth import load_truth

    grid = tmp / f"{name}.grid.yaml"
    labelled_truth = load_truth(truth)
    text = _grid_text(labelled_truth.grid)
    if extent is not None:
        (c0, c1), (r0, r1) = extent
        old = [ln for ln in text.splitlines() if ln.strip().startswith("extent:")]
        assert len(old) == 1, text
        text = text.replace(old[0], f"  extent: {{columns: [{c0}, {c1}], rows: [{r0}, {r1}]}}")
    fit_note = ""
    if FOLLOW_PRINT:  # the local check of 'wgt map calibrate' on the truth's grid, its warp recorded as calibrate does
        text, fit_note = _with_warp(image, text)
    grid.write_text(text)
    start = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "toolkit", "map", "extract", str(image), "--grid",
                        str(grid), "--legend", str(legend), "-o", str(tmp / f"{name}.{kind}.yaml"),
                        "--truth", str(truth), "--json"], capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    if r.returncode:
        # with --json the command's one-line refusal is the JSON on its stdout ({"error": ..., "exit": 3}), not
        # stderr: recorded and printed, not an empty string
        try:
            error = str(json.loads(r.stdout)["error"])
        except (ValueError, KeyError, TypeError):
            error = r.stderr.strip()
        print(f"   {name} {kind}: exit {r.returncode}: {error}", flush=True)
        return f"exit {r.returncode}: {error}"
    got = json.loads(r.stdout)
    t = got["truth"]
    review = len(got["review"])
    row = {"hexes": f"{t['right']}/{t['hexes']}", "accuracy": t["accuracy"], "seconds": round(seconds, 1),
           "review": f"{review}/{got['hexes']} ({100 * review / max(1, got['hexes']):.1f}%)"}
    # the review list where the truth is labelled (the run's grid also covers charts, sea and the legend's
    # examples): its share of the labelled hexes, and how many of the hexes read wrong it names
    labelled = set(labelled_truth.hexes)
    flagged = sum(1 for h in got["review"] if h in labelled)
    wrong = [w[0] for w in t.get("wrong", [])]
    row["review_labelled"] = (f"{flagged}/{len(labelled)} ({100 * flagged / max(1, len(labelled)):.1f}%), "
                              f"wrong named {sum(1 for h in wrong if h in got['review'])}/{len(wrong)}")
    for group in ("symbols", "lines"):
        for k, v in t[group].items():
            tp = v["true_positives"]
            row[k] = f"recall {tp}/{v['in_truth']}, precision {tp}/{v['found']}"
    if got.get("warnings"):  # what the command says to check in the legend (toolkit/terrain/advice.py)
        row["warnings"] = "; ".join(got["warnings"])
    if fit_note:
        row["warp"] = fit_note
    print(f"   {name} {kind}: {row}", flush=True)
    return row


#: read each case's scan where its print lies: the truth's grid gets the warp 'wgt map calibrate' records on it
#: (terrain.warp.warp_from_fit of calibrate.local_fit), when a block is off by BEND_WARN or more; --affine-only: never
FOLLOW_PRINT = True


def _with_warp(image: Path, text: str) -> tuple[str, str]:
    """The grid text with the warp the calibrate command's local check finds on it (the truth files' grids are fixed,
    so it is measured here, on the run's grid, as a user's calibrate would), and a note of it ("" when none)."""
    import dataclasses

    import yaml

    from toolkit.cli.map_scan import _grid_text
    from toolkit.hexgrid import Grid
    from toolkit.terrain.calibrate import BEND_BLOCK, BEND_WARN, local_fit, open_image
    from toolkit.terrain.warp import warp_from_fit

    grid = Grid.from_dict(yaml.safe_load(text)["grid"])
    t = time.process_time()
    img = open_image(image)
    fit = local_fit(img, grid)
    warp = warp_from_fit(fit, grid, BEND_BLOCK, BEND_WARN)
    if warp is None:
        return text, ""
    worst = fit.judged[0]
    return (_grid_text(dataclasses.replace(grid, warp=warp)),
            f"{len(warp.nodes)} blocks (worst {worst.fraction:.3f} of a hex; local check "
            f"{time.process_time() - t:.1f} s CPU)")


def _margin(fractions: dict[str, float]) -> float:
    """A hex's truth's distance from a tie: its largest share less its second (0 when there is no second)."""
    top = [*sorted(fractions.values(), reverse=True), 0.0]
    return round(top[0] - top[1], 3)


def synthetic_review() -> dict[str, object]:
    """The review list on synthetic scans, clean and degraded (terrain only), and issue 14's synthetic bar:
    hexes right (the truth's majority; with the true grid) and the grid calibrated from four clicks as a user
    makes them (2 px off, seeded), its largest distance from the true grid over every hex centre, and the hexes
    right again with that calibrated grid; each miss's margin (its truth's two largest shares' difference: every miss
    so far was within 0.05 of a tie, on the review list)."""
    import math

    import numpy as np

    from toolkit.hexgrid import Grid
    from toolkit.terrain.calibrate import calibrate
    from toolkit.terrain.extract import extract
    from toolkit.terrain.synthetic import legend_for, random_terrain, render_scan

    out: dict[str, object] = {}
    clean = {"noise": 0.0, "blur": 0.3, "jpeg_quality": 0, "colour_shift": 0.0, "cast": 0.0}
    for seed in (11, 12):
        m = random_terrain(30, 22, seed=seed)
        for kind, kw in (("clean", clean), ("degraded", {})):
            img, truth = render_scan(m, 40.0, seed=seed, **kw)  # type: ignore[arg-type]
            leg = legend_for(truth, seed=seed)
            ext = extract(img, truth.grid, leg, features=False)
            review, n = len(ext.review()), len(ext.hexes)
            mixed = sum(1 for fr in truth.fractions.values() if fr and max(fr.values()) < 0.6)
            majority = {h: max(fr, key=lambda k: fr[k]) for h, fr in truth.fractions.items() if fr}
            g = truth.grid
            rng = np.random.default_rng(seed)
            clicks = {i: tuple(np.add(truth.layout.hex_to_pixel(g.hex(i)), rng.normal(0, 2, 2)))
                      for i in ("0202", "2902", "0221", "2921")}
            lay = calibrate(img, g, clicks).layout
            err = [math.dist(lay.hex_to_pixel(h), truth.layout.hex_to_pixel(h)) for h in g.hexes()]
            cal_ext = extract(img, Grid(g.numbering, g.extent, lay), leg, features=False)
            row = {"review": f"{review}/{n} ({100 * review / n:.1f}%)", "truly_mixed": mixed,
                   "hexes": f"{sum(ext.hexes[h].terrain == t for h, t in majority.items())}/{len(truth.fractions)}",
                   # how far each miss's truth is from a tie: its two largest shares' difference
                   "misses_margin": sorted(_margin(truth.fractions[h]) for h, t in majority.items()
                                           if ext.hexes[h].terrain != t),
                   "calibration_px": {"max": round(max(err), 3), "mean": round(sum(err) / len(err), 3)},
                   "hexes_calibrated": f"{sum(cal_ext.hexes[h].terrain == t for h, t in majority.items())}/"
                                       f"{len(truth.fractions)}"}
            out[f"synthetic-{seed}/{kind}"] = row
            print(f"   synthetic seed {seed} {kind}: {row}", flush=True)
    return out
