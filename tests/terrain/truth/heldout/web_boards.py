"""Held-out real board: MMP's *Bastogne: Screaming Eagles under Siege* (2008) as hosted by the
web-boards project (github.com/rzymek/web-boards, GPL-3.0 code; the map art is (c) Multi-Man
Publishing, so the image is NOT in this repository: it is fetched into a cache at test time).

Its labels were made by someone else (that project's author, 2014, for its movement and combat code),
never by us: per-hex terrain (``public/games/bastogne/src/hex-info.js``), roads, trails and the railway
(``path-info.json``) and streams (``stream-info.json``). ``convert`` turns them into our truth format
(``bastogne.yaml`` beside this file); ``fetch`` puts the board image into the cache.

    python tests/terrain/truth/heldout/web_boards.py fetch [--git DIR]    # image -> cache
    python tests/terrain/truth/heldout/web_boards.py fetch --board red-winter [--git DIR]
    python tests/terrain/truth/heldout/web_boards.py fetch --board seelowe [--git DIR]
    python tests/terrain/truth/heldout/web_boards.py fetch --board dynamo [--git DIR]    # (HerrEklund/wasa)
    python tests/terrain/truth/heldout/web_boards.py fetch --board gettysburg [--git DIR]    # (HerrEklund/wasa)
    python tests/terrain/truth/heldout/web_boards.py fetch --board sjw [--git DIR]    # (HerrEklund/wasa)
    python tests/terrain/truth/heldout/web_boards.py fetch --board nwk [--git DIR]    # (HerrEklund/wasa)
    python tests/terrain/truth/heldout/web_boards.py fetch --board sl [--git DIR]    # (HerrEklund/wasa)
    python tests/terrain/truth/heldout/web_boards.py fetch --board omaha [--git DIR]    # (HerrEklund/wasa)
    python tests/terrain/truth/heldout/web_boards.py fetch --board louki [--git DIR]    # (axel18bsm/MapToHex...)
    python tests/terrain/truth/heldout/web_boards.py fetch --board atlantic-wall [--git DIR]    # (jzedwards/...)
    python tests/terrain/truth/heldout/web_boards.py fetch --board waterloo [--git DIR]    # (rally-the-troops/...)
    python tests/terrain/truth/heldout/web_boards.py fetch --board gota [--git DIR]    # (lerugray/hexwright)
    python tests/terrain/truth/heldout/web_boards.py fetch --board europa [--git DIR]    # (jzedwards/...)
    python tests/terrain/truth/heldout/web_boards.py fetch --board bfm [--git DIR]    # (tscheffel/battleformoscow)
    python tests/terrain/truth/heldout/web_boards.py fetch --board bussaco [--git DIR]    # (daverodal/wargaming)
    python tests/terrain/truth/heldout/web_boards.py fetch --board sickle [--git DIR]    # (HerrEklund/wasa)
    python tests/terrain/truth/heldout/web_boards.py fetch --board kassala [--git DIR]    # (rummelsworth/...)
    python tests/terrain/truth/heldout/web_boards.py fetch --board manchuria [--git DIR]    # (daverodal/wargaming)
    python tests/terrain/truth/heldout/web_boards.py fetch --board kuningtou [--git DIR]    # (jsyeh/kuningtou)
    python tests/terrain/truth/heldout/web_boards.py fetch --board garde [--git DIR]    # (axel18bsm/MapToHex...)
    python tests/terrain/truth/heldout/web_boards.py fetch --board gettysburg-south [--git DIR]    # (HerrEklund/wasa)
    python tests/terrain/truth/heldout/web_boards.py fetch --board paperwars [--git DIR]    # (jzedwards/...)
    python tests/terrain/truth/heldout/web_boards.py convert --git DIR    # their labels -> bastogne.yaml

``--git`` is a clone (bare or not) of rzymek/web-boards (or the board's repository) holding the commit below (default
``$WGT_WEB_BOARDS_GIT``, as the benchmark reads it); without either ``fetch`` downloads the one file from
raw.githubusercontent.com (when that fails: one line and exit 3). Either way the file is checked against its git
blob id. The cache is ``$WGT_HELDOUT_BOARDS`` or ``build/heldout`` in the checkout (kept out of git).

``--board red-winter`` fetches a second board of the same repository and commit instead: GMT's *Red Winter*
(2012; the map art (c) GMT Games, not in this repository either), whose truth regions (``red-winter*.yaml``)
were labelled by us, blind, by eye (RESULTS-red-winter.md); ``convert`` is Bastogne's only.

``--board seelowe`` fetches a third board, of another commit of the same repository (``IMAGES[...]["commit"]``;
the later commits turned the image by 90 degrees and replaced it with a blob that is no longer stored): *Seelowe*, a
folded paper air-war map of south-east England (the map art (c) its publisher; not in this repository either),
scanned (300 dpi in its header) with its fold creases, whose truth regions (``seelowe*.yaml``) were labelled by us,
blind, by eye (RESULTS-seelowe.md).

``--board dynamo`` fetches a board of another repository (``IMAGES[...]["repo"]``), HerrEklund/wasa (a web
board-game platform's France '40 module, 2017; no licence stated): GMT's *France '40* (2013, Mark Simonitch; the map
art (c) GMT Games, not in this repository either), its north map "Dynamo", the publisher's digital art at 120 dpi,
whose truth region (``dynamo.yaml``) was labelled by us, blind, by eye (RESULTS-dynamo.md). Its clone is
``--git`` or ``$WGT_WASA_GIT`` (``IMAGES[...]["git_env"]``), not ``$WGT_WEB_BOARDS_GIT``.

``--board gettysburg`` fetches another image of HerrEklund/wasa (its Roads to Gettysburg module, 2017): the North
Map of Avalon Hill's *Roads to Gettysburg* (1994; the map art (c) Avalon Hill, not in this repository either), a scan
of the printed paper map, whose truth region (``gettysburg.yaml``) was labelled by us, blind, by eye
(RESULTS-gettysburg.md). Same clone as dynamo's.

``--board sjw`` fetches a third image of HerrEklund/wasa (its Stonewall Jackson's Way module, 2017): the North and
South Maps of Avalon Hill's *Stonewall Jackson's Way* (1992, the same series as Roads to Gettysburg; the map art (c)
Avalon Hill, not in this repository either), one scan of the printed paper maps joined, whose truth region
(``sjw.yaml``) was labelled by us, blind, by eye (RESULTS-sjw.md). Same clone as dynamo's.

``--board nwk`` fetches a fourth image of HerrEklund/wasa (its Next War: Korea module, 2017): the map of GMT's *Next
War: Korea* (2012, map art by Mark Simonitch; (c) GMT Games, not in this repository either), a digital print file of
its two map sheets joined (the North above the South, each with its own ids), whose truth region (``nwk.yaml``, on the
South sheet) was labelled by us, blind, by eye (RESULTS-nwk.md). Same clone as dynamo's.

``--board sl`` fetches a fifth image of HerrEklund/wasa (its Squad Leader module, 2017): the west half of map board 1
of Avalon Hill's *Squad Leader* (1977; the map art (c) Avalon Hill, not in this repository either), a photograph of the
printed mounted board, whose truth region (``sl.yaml``) was labelled by us, blind, by eye (RESULTS-sl.md). Same clone
as dynamo's.

``--board omaha`` fetches a sixth image of HerrEklund/wasa (its D-Day at Omaha Beach module, 2017): the alternative
map (2014, Michael Evans) of Decision Games' *D-Day at Omaha Beach* (the map art (c) Decision Games, not in this
repository either), the publisher's digital art with flat hex fills, printed game markers and a terrain key, whose
truth region (``omaha.yaml``) was labelled by us, blind, by eye (RESULTS-omaha.md). Same clone as dynamo's.

``--board louki`` fetches an image of a third repository, axel18bsm/MapToHexagonalGrid2D (a hex-grid overlay tool for
wargame maps, 2025; no licence stated): a scan of the map of Vae Victis's *Velikie Louki 1942-1943* (2022, a French
magazine game; the map art (c) Vae Victis, not in this repository either), whose truth region (``louki.yaml``) was
labelled by us, blind, by eye (RESULTS-louki.md). Its clone is ``--git`` or ``$WGT_MAPTOHEX_GIT``.

``--board atlantic-wall`` fetches an image of a fourth repository, jzedwards/blog.simpubs.org (a blog about SPI games
on the Grav CMS, 2024; no licence stated): a 1920x800 banner cut from a 150 dpi scan of the map of SPI's *Atlantic
Wall* (1978; the map art (c) SPI, not in this repository either), turned by 90 degrees, whose truth region
(``atlantic-wall.yaml``) was labelled by us, blind, by eye (RESULTS-atlantic-wall.md). Its clone is ``--git`` or
``$WGT_SIMPUBS_GIT``.

``--board waterloo`` fetches an image of a fifth repository, rally-the-troops/waterloo-campaign-1815 (the Rally the
Troops web module of the game, 2023; no licence stated): the map of *Waterloo Campaign 1815* (Mark Herman, RBM Studio,
C3i Magazine 32, 2019; the map art (c) RBM Studio, not in this repository either), rendered at 150 dpi from the
publisher's print file with its text and hex-number layers left out, whose truth region (``waterloo.yaml``) was
labelled by us, blind, by eye (RESULTS-waterloo.md). Its clone is ``--git`` or ``$WGT_WATERLOO_GIT``.

``--board gota`` fetches an image of a sixth repository, lerugray/hexwright (a hex-map terrain editor, 2026; MIT code,
no statement on its sample's art): the sample map of *Guns of the Americas: The American Front 1914-1919* (a game of
the repository's author, Ray Weiss; the map art is its designer's, not ours, and not in this repository either), the
whole continental map downscaled to 3000 px wide from its 11772x7566 print file, whose truth region (``gota.yaml``) was
labelled by us, blind, by eye (RESULTS-gota.md). Its clone is ``--git`` or ``$WGT_HEXWRIGHT_GIT``.

``--board europa`` fetches a second image of jzedwards/blog.simpubs.org (atlantic-wall's commit): the banner of its
"Europagrognard" page, a 1280x298 strip cut from a SCAN of the printed paper map of GDW's Europa series, map 2A (the
label printed on the sheet; the map art (c) GDW, not in this repository either), the picture turned by 90 degrees (the
ids read sideways), a title pasted over its middle, whose truth regions (``europa*.yaml``) were labelled by us, blind,
with a colour-share aid checked by eye (RESULTS-europa.md: an easy board for terrain). Same clone as
atlantic-wall's (``$WGT_SIMPUBS_GIT``).

``--board bfm`` fetches an image of a seventh repository, tscheffel/battleformoscow (a Board Game Arena implementation
of the game, 2025; its only licence file is BGA's): the WHOLE MAP SHEET of GDW's *Battle for Moscow* (Frank Chadwick,
1986; the map art (c) GDW / its designer, not in this repository either), a scan of the printed map in two 256-colour
GIF halves stitched by that project's author (1063x900; each half dithered in its own palette), whose truth region
(``bfm.yaml``) was labelled by us, blind, with a colour-share aid checked by eye (RESULTS-bfm.md). It is the ORIGINAL
1986 print of the map whose 1993 redraw (art J. Byrne) is Bastogne's repository's battle-for-moscow_board.gif, the
bench's first case (``../battle-for-moscow.yaml``): the same game's hexes drawn otherwise, a scanned print of a known
map (its labels agree with that truth on every hex both hold). Its clone is ``--git`` or ``$WGT_BFM_GIT``.

``--board bussaco`` fetches an image of an eighth repository, daverodal/wargaming (David Rodal's web wargames, the
games of battleanalysis.org, formerly webwargaming.org; GPL code, the map art its author's): the map of his *Bussaco
1810* (2017; a horse-and-musket battle of his Mollwitz series), the publisher's own DIGITAL art for a published web
game (not a print nor a scan): a speckled tan ground, woods as clumps of green tree blobs not clipped to the hexes,
up-slope hexsides as thick brown lines with hachures on the upper side, brown roads, a dark-blue river winding through
the hexes, town blots, set-up letters printed in the hexes, no printed ids; whose truth region (``bussaco.yaml``) was
labelled by us, blind, by eye (RESULTS-bussaco.md). Its clone is ``--git`` or ``$WGT_RODAL_GIT``.

``--board sickle`` fetches a seventh image of HerrEklund/wasa (Dynamo's commit): the south map "Sickle Cut" of GMT's
*France '40* (2013, Mark Simonitch; the map art (c) GMT Games, not in this repository either), Dynamo's sibling, the
publisher's digital art at 120 dpi, whose first region (``sickle-2.yaml``, STUDIED) was labelled by a stranger to the
project (session 43's user43) before any extraction ran, and whose second (``sickle.yaml``) was labelled by us,
blind, by eye (RESULTS-sickle.md). Same clone as dynamo's (``$WGT_WASA_GIT``).

``--board kassala`` fetches an image of a ninth repository, rummelsworth/vassal-module-kassala (a VASSAL module of
the game, 2022; no licence stated): "Kassala", Fig. 4-1 of *The Complete Book of Wargames* (1980; the map art (c) its
publisher, not in this repository either), a scan of the printed book figure, hand-drawn hexes and no printed ids,
whose truth (``kassala.yaml``, the whole map's 60 hexes, STUDIED) was labelled by session 43's user43 before any
extraction ran (RESULTS-kassala.md). Its clone is ``--git`` or ``$WGT_KASSALA_GIT``.

``--board manchuria`` fetches a second image of daverodal/wargaming (bussaco's clone, ``$WGT_RODAL_GIT``): the map
of David Rodal's web game "New Manchuria 1976" (the TMCW series; the map art its author's), the publisher's own
digital art, whose first region (``manchuria-2.yaml``, STUDIED) was labelled by a stranger to the project (session
44's user44) before any extraction ran, and whose second (``manchuria.yaml``) was labelled by us, blind, by eye
(RESULTS-manchuria.md).

``--board kuningtou`` fetches an image of a tenth repository, jsyeh/kuningtou (a program for the game, 2022; no
licence stated): the map of "Bloody Kuningtou" (Taiwan's Wargame magazine, 2010; the map art (c) its publisher), the
magazine's digital map art as a JPEG (not a scan of paper), no printed ids, whose truth region (``kuningtou.yaml``,
STUDIED) was labelled by session 44's user44 before any extraction ran (RESULTS-kuningtou.md). Its clone is
``--git`` or ``$WGT_KUNINGTOU_GIT``.

``--board garde`` fetches a second image of axel18bsm/MapToHexagonalGrid2D (louki's clone, ``$WGT_MAPTOHEX_GIT``): a
true scan of the two printed pages of the map of Vae Victis's "La Garde avance!" (the magazine's Waterloo game; the
map art (c) Vae Victis), laid side by side with a white gutter, whose right-page region (``garde-2.yaml``, STUDIED)
was labelled by a stranger to the project (session 45's user45) before any extraction ran, and whose left-page
region (``garde.yaml``) was labelled by us, blind, by eye (RESULTS-garde.md).

``--board gettysburg-south`` fetches an eighth image of HerrEklund/wasa (the commit that added its Roads to
Gettysburg module): the SOUTH Map of Avalon Hill's *Roads to Gettysburg* (the North Map is ``--board gettysburg``'s; the
map art (c) Avalon Hill, not in this repository either), a scan of the printed paper map, whose first region
(``gettysburg-south.yaml``) was labelled by us, blind, by eye (RESULTS-gettysburg-south.md). Same clone as dynamo's.

``--board paperwars`` fetches a third image of jzedwards/blog.simpubs.org (atlantic-wall's clone,
``$WGT_SIMPUBS_GIT``): the map spread of GDW's "1942" (Series 120) as Compass Games' re-issue printed it in Paper Wars
#104 (2022; the map art (c) Compass Games), a digital magazine page (not a scan), whose region (``paperwars-1942.yaml``,
STUDIED) was labelled by a stranger to the project (session 47's user47) before any extraction ran
(RESULTS-paperwars.md).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
REPO = "rzymek/web-boards"
COMMIT = "55b89246a6517a8a7c221415357c367b10777145"  # branch master-v0
GAME = "public/games/bastogne"
IMAGE: dict[str, Any] = {"path": f"{GAME}/images/board/Bastogne-Map-vassal.png",
         "blob": "0a1db7d28419934c11686e2313b151dc7f6f9103", "bytes": 3432801, "size": (6800, 4400),
         "file": "rzymek__web-boards/bastogne_Bastogne-Map-vassal.png"}
# the other boards (of the same commit unless "commit" says) that `fetch --board NAME` can put into the cache
IMAGES: dict[str, dict[str, Any]] = {"bastogne": IMAGE,
          "red-winter": {"path": "public/games/red-winter/images/Red_Winter_Map-150.jpg",
                         "blob": "aefdff74475b8b40f5093cbb044879785ccab99b", "bytes": 3268493, "size": (3300, 5100),
                         "file": "rzymek__web-boards/red-winter_Red_Winter_Map-150.jpg"},
          # the board as first added (commit "seelowe", 2014-03-07): 2690x3765, pointy-top hexes; the next commit
          # ("seelowe grid") turned it by 90 degrees (blob 393332d5..., not stored in the clone)
          "seelowe": {"path": "public/games/seelowe/images/mapa.jpg",
                      "commit": "b0b185507f0deaa03f9a4e6992fac434ebcf47c9",
                      "blob": "9b63f0d47cd71ef16ce896d9330703c2fd7901bf", "bytes": 2413374, "size": (2690, 3765),
                      "file": "rzymek__web-boards/seelowe_mapa.jpg"},
          # another repository (HerrEklund/wasa, the commit that added France '40, 2017-05-29): GMT France '40's
          # north map, 4080x2640 (120 dpi), flat-top hexes; its clone is named by $WGT_WASA_GIT
          "dynamo": {"repo": "HerrEklund/wasa", "git_env": "WGT_WASA_GIT",
                     "path": "application/game_modules/france_40/components/vassal/DYNAMO_MAP-FINAL-120.jpg",
                     "commit": "ea70a1192699eefc676a12eb4fffe545132726a5",
                     "blob": "1d522f06be53ca7f53598bbf31b55173dea5f203", "bytes": 3291773, "size": (4080, 2640),
                     "file": "HerrEklund__wasa/dynamo_DYNAMO_MAP-FINAL-120.jpg"},
          # the same repository, the commit "Some updates to RTG" (2017-03-06; the commit before it added another
          # NMap.jpg blob): Avalon Hill Roads to Gettysburg's North Map, a 3991x2659 scan, flat-top hexes
          "gettysburg": {"repo": "HerrEklund/wasa", "git_env": "WGT_WASA_GIT",
                         "path": "application/game_modules/roads_to_gettysburg/components/vassal/NMap.jpg",
                         "commit": "971f0b97ab2bf5b01a02176a18d6e14d2e42afef",
                         "blob": "3dfc2d95bde4355d104f9215be00c8020fd98f85", "bytes": 3040967, "size": (3991, 2659),
                         "file": "HerrEklund__wasa/gettysburg_NMap.jpg"},
          # the same repository, the commit "refactored. moved in stuff to the new generic..." (2017-02-26; the commit
          # before it, "Added SJW game module", holds another blob at that path, re-encoded): Avalon Hill Stonewall
          # Jackson's Way's North Map above its South Map, a 3336x3761 scan, flat-top hexes
          "sjw": {"repo": "HerrEklund/wasa", "git_env": "WGT_WASA_GIT",
                  "path": "application/game_modules/sjw/components/sjw_NS.jpg",
                  "commit": "8afeae333be6f8c06703c40a8187fef997b0c718",
                  "blob": "022cceccfd01a0608a5249d9a99f8718d0aadb71", "bytes": 3222508, "size": (3336, 3761),
                  "file": "HerrEklund__wasa/sjw_sjw_NS.jpg"},
          # the same repository, the commit "Added Korea: Next war." (2017-02-28; the only blob at that path): GMT's
          # Next War: Korea, its North and South map sheets joined in one 5460x6536 picture, flat-top hexes
          "nwk": {"repo": "HerrEklund/wasa", "git_env": "WGT_WASA_GIT",
                  "path": "application/game_modules/next_war_korea/components/MapFull.jpg",
                  "commit": "e6ae1c2e52a9b6592d5027cfe1c8973a58740d04",
                  "blob": "63e4bd84c597378178770c393ad901de9290b663", "bytes": 3386771, "size": (5460, 6536),
                  "file": "HerrEklund__wasa/nwk_MapFull.jpg"},
          # the same repository, the commit "Refactored more. Worked with sessions and a lobby..." (2017-02-24; the
          # only blob at that path): Avalon Hill Squad Leader's map board 1, its west half (columns A-P), a
          # 3912x2880 photograph of the printed board, flat-top hexes
          "sl": {"repo": "HerrEklund/wasa", "git_env": "WGT_WASA_GIT",
                 "path": "application/game_modules/squad_leader/components/maps/map1_west.jpg",
                 "commit": "93764dd39233480d88ff14a3c8b24eced254a5c7",
                 "blob": "f11731a49375f04290f2ecdcb51b570d3385e00c", "bytes": 581938, "size": (3912, 2880),
                 "file": "HerrEklund__wasa/sl_map1_west.jpg"},
          # the same repository, the commit "Added D-Day at Omaha Beach with cards. Not yet playable." (2017-05-09; the
          # only blob at that path): Decision Games' D-Day at Omaha Beach, its ALTERNATIVE map (2014, Michael Evans;
          # the module's Board_Main.jpg is the 2013 map), 4140x2700, pointy-top hexes, row-first ids
          "omaha": {"repo": "HerrEklund/wasa", "git_env": "WGT_WASA_GIT",
                    "path": "application/game_modules/d_day_at_omaha_beach/components/vassal/Board_MainAlternate.jpg",
                    "commit": "c90cfaed72b47dec1ffa75f3126212903ef8b9f6",
                    "blob": "a7ddf08f71ff7e3f2ec0153f552367ee6337eab5", "bytes": 2745668, "size": (4140, 2700),
                    "file": "HerrEklund__wasa/omaha_Board_MainAlternate.jpg"},
          # another repository (axel18bsm/MapToHexagonalGrid2D, a hex-grid overlay tool for wargame maps, no licence
          # stated; the commit "commit ressources and save directories", 2025-07-20, the only blob at that path; the
          # same folder's larger carte2v.png and "carte2v - Copie.png" are not stored): Vae Victis's "Velikie Louki
          # 1942-1943" (2022, a magazine game; the map art (c) Vae Victis), a scan of the whole printed map, 860x1239,
          # flat-top hexes marked only by ticks at their corners; its clone is named by $WGT_MAPTOHEX_GIT
          "louki": {"repo": "axel18bsm/MapToHexagonalGrid2D", "git_env": "WGT_MAPTOHEX_GIT",
                    "path": "ressources/carte2v - Copie (3).png",
                    "commit": "40ec55244f4cd353533954b852e9186be7770424",
                    "blob": "9858eeb50dbb7352e8ed1d233f34dc5ed92de23a", "bytes": 2006428, "size": (860, 1239),
                    "file": "axel18bsm__MapToHexagonalGrid2D/louki_carte2v_Copie_3.png"},
          # another repository (jzedwards/blog.simpubs.org, a blog about SPI games on the Grav CMS, no licence stated;
          # the commit "grav upload", 2024-01-02, the only blob at that path): a 1920x800 banner cut from a 150 dpi scan
          # of the map of SPI's "Atlantic Wall" (1978; the map art (c) SPI), the Omaha Beach coast from Grandcamp to
          # Port-en-Bessin, turned by 90 degrees (the ids read sideways): pointy-top hexes in the picture, row-first
          # ids; its clone is named by $WGT_SIMPUBS_GIT
          "atlantic-wall": {"repo": "jzedwards/blog.simpubs.org", "git_env": "WGT_SIMPUBS_GIT",
                            "path": "grav/user/pages/01.blog/0-aw-bg.jpg",
                            "commit": "6c217d24679885684372f47b903ff4ab4b733ec1",
                            "blob": "3a6530a6efddf177ba0a61be400a50425de2e321", "bytes": 433855, "size": (1920, 800),
                            "file": "jzedwards__blog.simpubs.org/atlantic-wall_0-aw-bg.jpg"},
          # another repository (rally-the-troops/waterloo-campaign-1815, the Rally the Troops module, no licence
          # stated; the commit "ASSETS", 2023-07-29, the only blob at that path; the repository's last commit,
          # "Moved.", 2024-03-26, deletes every file): the map of RBM Studio's "Waterloo Campaign 1815" (C3i 32, 2019;
          # the map art (c) RBM Studio) rendered at 150 dpi from the print file without its text and hex-number
          # layers (tools/rendermap.sh), 5100x3300, pointy-top hexes, ids row first (rows 10-40 counted UP from the
          # bottom, columns 00-41 from the left); its clone is named by $WGT_WATERLOO_GIT
          "waterloo": {"repo": "rally-the-troops/waterloo-campaign-1815", "git_env": "WGT_WATERLOO_GIT",
                       "path": "images/map150.jpg",
                       "commit": "d366757363ace00d0e95657a89b3660741fdcacc",
                       "blob": "06dd102250dd2710082f00a00e3afd41fbfe9bec", "bytes": 1549775, "size": (5100, 3300),
                       "file": "rally-the-troops__waterloo-campaign-1815/waterloo_map150.jpg"},
          # another repository (lerugray/hexwright, a hex-map terrain editor; the commit "hexwright: scaffold ...",
          # 2026-06-30, on its branch instrument-ui, the only blob at that path; the branch main was rewritten without
          # the samples): the sample map of "Guns of the
          # Americas: The American Front 1914-1919" (Ray Weiss's game; the map art is its designer's), the whole map
          # downscaled from 11772x7566 to 3000x1928, flat-top hexes of about 34 px between columns, ids column first
          # (even columns half a hex down), printed small at each hex's centre; its clone is named by
          # $WGT_HEXWRIGHT_GIT
          "gota": {"repo": "lerugray/hexwright", "git_env": "WGT_HEXWRIGHT_GIT",
                   "path": "samples/gota-map.jpg",
                   "commit": "1574d82bd7a87c5a533b890627063edfe50de16c",
                   "blob": "0ac040c5aae1e62e1a6ee81df365419021050cf9", "bytes": 1387614, "size": (3000, 1928),
                   "file": "lerugray__hexwright/gota_gota-map.jpg"},
          # jzedwards/blog.simpubs.org again (atlantic-wall's commit "grav upload", 2024-01-02; the only blob at that
          # path; grav/images/2/f/6/8/1/2f681c6f...-00-europagrognard-bg.png is a re-encoded copy, another blob): the
          # banner of the blog's "Europagrognard" page, a 1280x298 strip cut from a SCAN of the printed paper map of
          # GDW's Europa series, map 2A (the label printed on the sheet; the Smolensk-Moscow-Gorkiy stretch), pink
          # paper, a fold crease, a title ("EuropaGrognard") pasted over its middle; TURNED by 90 degrees (the ids read
          # sideways): pointy-top hexes of about 39 px across in the picture, ids row first (rows 31-38 counted down,
          # columns 01-33 counted to the LEFT); its clone is named by $WGT_SIMPUBS_GIT
          "europa": {"repo": "jzedwards/blog.simpubs.org", "git_env": "WGT_SIMPUBS_GIT",
                     "path": "grav/user/pages/01.blog/20231227 europagrognard/00-europagrognard-bg.png",
                     "commit": "6c217d24679885684372f47b903ff4ab4b733ec1",
                     "blob": "a0e234b2b1f76ae583966121b422f4ada9083131", "bytes": 670541, "size": (1280, 298),
                     "file": "jzedwards__blog.simpubs.org/europa_00-europagrognard-bg.png"},
          # another repository (tscheffel/battleformoscow, a Board Game Arena implementation of the game; its only
          # licence file is BGA's LICENCE_BGA; the commit "Added (stitched) full map and its CSS.", 2025-12-24, the only
          # blob at that path): GDW's "Battle for Moscow" (Frank Chadwick, 1986; the map art (c) GDW / its designer),
          # the whole map sheet (the ORIGINAL 1986 print of the map whose 1993 redraw is the bench's first case,
          # battle-for-moscow), a scan in two 256-colour GIF halves (the repository's img/mapwest.gif and
          # img/mapeast.gif) stitched by that project's author, 1063x900, flat-top hexes of 49 px radius, ids column
          # first (even columns half a hex down) printed only on every fifth hex; its clone is named by $WGT_BFM_GIT
          "bfm": {"repo": "tscheffel/battleformoscow", "git_env": "WGT_BFM_GIT",
                  "path": "img/mapfull.png",
                  "commit": "4e63428342702db22052fc46efbb2561e6db761e",
                  "blob": "02c7fc0bfb5560efb68f2749ce27b3176e07d0b1", "bytes": 931267, "size": (1063, 900),
                  "file": "tscheffel__battleformoscow/bfm_mapfull.png"},
          # another repository (daverodal/wargaming, David Rodal's web wargames, the games of battleanalysis.org /
          # webwargaming.org; GPL code, the map art is its author's; the commit "Bussaco1810", 2017-11-07, the only
          # blob at that path): the map of his "Bussaco 1810" (the Mollwitz series of horse-and-musket battles),
          # 3869x2539 at 200 dpi, the publisher's own digital art (a published web game's map, not a print): flat-top
          # hexes of about 102 px between columns, NO printed ids (ours: columns from the left, rows down, even columns
          # half a hex down); its clone is named by $WGT_RODAL_GIT
          "bussaco": {"repo": "daverodal/wargaming", "git_env": "WGT_RODAL_GIT",
                      "path": "Wargame/Mollwitz/Maps/Busaco1810.jpg",
                      "commit": "f528de9dd86e64a466fd8f361993438849927864",
                      "blob": "61ce3a119a526d3003de8f3a9fccb0bf7bc34b16", "bytes": 2976618, "size": (3869, 2539),
                      "file": "daverodal__wargaming/bussaco_Busaco1810.jpg"},
          # HerrEklund/wasa again (dynamo's commit "Added France 40...", 2017-05-29; the only blob at that path): GMT
          # France '40's south map "Sickle Cut" (2013, Mark Simonitch; the map art (c) GMT Games), the publisher's
          # digital art at 120 dpi like Dynamo's, 4080x2640, flat-top hexes, ids ccrr printed in every hex (columns
          # 11-60, rows 00-28, odd columns half a hex down)
          "sickle": {"repo": "HerrEklund/wasa", "git_env": "WGT_WASA_GIT",
                     "path": "application/game_modules/france_40/components/vassal/SICKLECUT_MAP-FINAL-120.jpg",
                     "commit": "ea70a1192699eefc676a12eb4fffe545132726a5",
                     "blob": "b95ece2cecbe6061070b4a676bb731555a319814", "bytes": 3239062, "size": (4080, 2640),
                     "file": "HerrEklund__wasa/sickle_SICKLECUT_MAP-FINAL-120.jpg"},
          # another repository (rummelsworth/vassal-module-kassala, a VASSAL module of the game, 2022; no licence
          # stated; the commit "Rename map image in VMOD.", 2022-04-17, the only blob at that path): "Kassala", Fig.
          # 4-1 of The Complete Book of Wargames (1980; the map art (c) its publisher), a 2048x2593 scan of the
          # printed figure, hand-drawn flat-top hexes of about 153 px, NO printed ids (ours: ccrr = the module's
          # HexGrid column + 1, row + 1, even columns half a hex down); its clone is named by $WGT_KASSALA_GIT
          "kassala": {"repo": "rummelsworth/vassal-module-kassala", "git_env": "WGT_KASSALA_GIT",
                      "path": "vmod/images/Mapboard.png",
                      "commit": "6852769ae360023d4e3ea40f477c962fd8e77cb2",
                      "blob": "b1e18a49400023687edf65be716e9bc0bc7eaf0c", "bytes": 1941748, "size": (2048, 2593),
                      "file": "rummelsworth__vassal-module-kassala/kassala_Mapboard.png"},
          # daverodal/wargaming again (bussaco's clone, $WGT_RODAL_GIT; the commit "manchuria has real rail movement",
          # 2019-01-21; the commit before it, "new map and info.json...", holds another blob at that path): the map of
          # his "New Manchuria 1976" (the TMCW series), 1888x1842 RGBA, the publisher's own digital art (a web game's
          # map, not a print): flat-top hexes of about 32 px, light-blue rivers and red borders along the hexsides,
          # grey roads and black railways across them, NO printed ids (ours: ccrr from the top left, even columns
          # half a hex down, as session 44's user44 calibrated it)
          "manchuria": {"repo": "daverodal/wargaming", "git_env": "WGT_RODAL_GIT",
                        "path": "Wargame/TMCW/Maps/NewManchuria1976.png",
                        "commit": "adde1eb57148257e41764d6e37833a78a2051a7b",
                        "blob": "752942dace0b0efbee0f6a50c9c9134804413f1a", "bytes": 1585737, "size": (1888, 1842),
                        "file": "daverodal__wargaming/manchuria_NewManchuria1976.png"},
          # another repository (jsyeh/kuningtou, a game program's data, 2022; no licence stated; the commit "Add
          # drawing code", 2022-12-28, the only blob at that path): the map of "Bloody Kuningtou" (Taiwan's Wargame
          # magazine, 2010; the map art (c) its publisher), a 916x1302 JPEG of the magazine's digital map art (not a
          # scan of paper): painted relief under white flat-top hexes of about 39.5 px, NO printed ids (ours: ccrr
          # from the top left, even columns half a hex down, as user44 calibrated it); its clone is named by
          # $WGT_KUNINGTOU_GIT
          "kuningtou": {"repo": "jsyeh/kuningtou", "git_env": "WGT_KUNINGTOU_GIT",
                        "path": "data/kuningtou.jpeg",
                        "commit": "039cbb4a9390142632ee16194629f36a71a1f35c",
                        "blob": "7ac05a7d47bef9b0b99a199da21b699e6b21c9ac", "bytes": 256788, "size": (916, 1302),
                        "file": "jsyeh__kuningtou/kuningtou_kuningtou.jpeg"},
          # axel18bsm/MapToHexagonalGrid2D again (louki's clone, $WGT_MAPTOHEX_GIT; the commit "commit ressources and
          # save directories", 2025-07-20, the only commit holding the path; the same blob is also at
          # save/MapnapPNG/MapnapPNG.png): Vae Victis's "La Garde avance!" (the magazine's Waterloo game; the map art
          # (c) Vae Victis), a 1376x968 scan of the two printed map pages side by side (a white gutter at x 684-688
          # cuts column 22 in two), the scanner's colour banding, flat-top hexes of about 39 px marked only by ticks
          # at their corners, ids printed near the TOP of each hex (ccrr, even columns half a hex down)
          "garde": {"repo": "axel18bsm/MapToHexagonalGrid2D", "git_env": "WGT_MAPTOHEX_GIT",
                    "path": "ressources/MapnapPNG.png",
                    "commit": "40ec55244f4cd353533954b852e9186be7770424",
                    "blob": "21ca05fe05ddfd051f95175f54bccc4facefe813", "bytes": 2516843, "size": (1376, 968),
                    "file": "axel18bsm__MapToHexagonalGrid2D/garde_MapnapPNG.png"},
          # HerrEklund/wasa again (the commit "Added game RTG.", 2017-03-06, the only blob at that path; gettysburg's
          # NMap.jpg is of the next commit): Avalon Hill Roads to Gettysburg's SOUTH Map, a 3991x2657 scan of the
          # printed paper map (not quite flat: calibrate's blocks within 4.2 px of one grid), flat-top hexes, ids ccrr
          # printed near the top of every hex (even columns half a hex down)
          "gettysburg-south": {"repo": "HerrEklund/wasa", "git_env": "WGT_WASA_GIT",
                               "path": "application/game_modules/roads_to_gettysburg/components/vassal/SMap.jpg",
                               "commit": "73d52d567452ec8aed547b1690e5599b94dcfc24",
                               "blob": "581d6684f6e1a7ab0ed1eac0b96a02253be2b11e", "bytes": 3010248,
                               "size": (3991, 2657), "file": "HerrEklund__wasa/gettysburg-south_SMap.jpg"},
          # jzedwards/blog.simpubs.org a third time (atlantic-wall's clone, $WGT_SIMPUBS_GIT; the commit "1942 item",
          # 2024-01-03, the only blob at that path; grav/images/d/1/7/9/d/...-1942-hero.png is a smaller re-encoded
          # copy, another blob): the map spread of GDW's "1942" (Series 120) as Compass Games' re-issue printed it in
          # Paper Wars #104 (2022; map graphics Art Lupinacci; the map art (c) Compass Games), the magazine's two
          # pages as a 1200x848 digital picture (not a scan): a vector map, flat-top hexes of about 20 px radius, a
          # four-digit id printed small at the TOP of every hex (ccrr, even columns half a hex down), cream land,
          # soft green rough areas not clipped to the hexes, a darker blue along every coast and in one block of
          # prohibited sea, green border hexsides, red-and-white roads through the hexes, the Terrain Effects Chart
          # printed beside the map
          "paperwars": {"repo": "jzedwards/blog.simpubs.org", "git_env": "WGT_SIMPUBS_GIT",
                        "path": "grav/user/pages/01.blog/20240103 1942/1942-hero.png",
                        "commit": "02a830cc6216b7736b49f15dbfc98d104138c881",
                        "blob": "8ba25b8079674aaf5dab1e0d455eeab61126ae09", "bytes": 1453938, "size": (1200, 848),
                        "file": "jzedwards__blog.simpubs.org/paperwars_1942-hero.png"}}
NAMES = {"bastogne": "Bastogne", "red-winter": "Red Winter", "seelowe": "Seelowe", "dynamo": "France '40 Dynamo",
         "gettysburg": "Roads to Gettysburg North Map", "sjw": "Stonewall Jackson's Way North and South Maps",
         "nwk": "Next War: Korea (North and South sheets)", "sl": "Squad Leader map board 1 (west half)",
         "omaha": "D-Day at Omaha Beach alternative map", "louki": "Velikie Louki 1942-1943 (Vae Victis) map",
         "atlantic-wall": "SPI Atlantic Wall map (a banner cut of its Omaha Beach coast)",
         "waterloo": "RBM Studio Waterloo Campaign 1815 map",
         "gota": "Guns of the Americas map (the lerugray/hexwright sample)",
         "europa": "GDW Europa map 2A (a banner cut of a scan, the simpubs blog)",
         "bfm": "GDW Battle for Moscow map (a stitched scan, tscheffel/battleformoscow)",
         "bussaco": "David Rodal's Bussaco 1810 map (daverodal/wargaming)",
         "sickle": "France '40 Sickle Cut",
         "kassala": "Kassala map (The Complete Book of Wargames, Fig. 4-1; rummelsworth/vassal-module-kassala)",
         "manchuria": "David Rodal's New Manchuria 1976 map (daverodal/wargaming)",
         "kuningtou": "Bloody Kuningtou map (Wargame magazine, 2010; jsyeh/kuningtou)",
         "garde": "La Garde avance! (Vae Victis) map (a scan of both pages; axel18bsm/MapToHexagonalGrid2D)",
         "gettysburg-south": "Roads to Gettysburg South Map",
         "paperwars": "1942 (GDW Series 120, Compass Games' re-issue) map spread of Paper Wars #104 (the simpubs "
                      "blog)"}
LABELS = {"terrain": f"{GAME}/src/hex-info.js", "paths": f"{GAME}/path-info.json",
          "streams": f"{GAME}/stream-info.json", "game": f"{GAME}/game.json"}


def cache_dir() -> Path:
    return Path(os.environ.get("WGT_HELDOUT_BOARDS") or ROOT / "build" / "heldout")


def blob_id(data: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def image_path(board: str = "bastogne") -> Path | None:
    """The cached image of ``board`` (a key of IMAGES), or None when it is absent (or not the file recorded here)."""
    p = cache_dir() / IMAGES[board]["file"]
    if p.is_file() and p.stat().st_size == IMAGES[board]["bytes"]:
        return p
    return None


def why_absent(board: str = "bastogne") -> str:
    flag = "" if board == "bastogne" else f" --board {board}"
    return (f"the held-out {NAMES[board]} board is not cached at {cache_dir() / IMAGES[board]['file']} "
            f"(python tests/terrain/truth/heldout/web_boards.py fetch{flag})")


def default_git(board: str = "bastogne") -> str | None:
    """The clone a fetch of ``board`` reads when no --git is given: $WGT_WEB_BOARDS_GIT for the web-boards images,
    the board's own variable (``git_env``) for another repository's; None (then GitHub) when it is not set."""
    return os.environ.get(IMAGES[board].get("git_env", "WGT_WEB_BOARDS_GIT")) or None


def _git_show(git: str, path: str, commit: str = COMMIT) -> bytes:
    return subprocess.run(["git", "--git-dir" if Path(git, "HEAD").is_file() else "-C", git, "show",
                           f"{commit}:{path}"], capture_output=True, check=True).stdout


class WrongBlob(ValueError):
    """The bytes fetched are not the image recorded (another blob at that path)."""


def fetch(git: str | None = None, board: str = "bastogne") -> Path:
    """Put the image of ``board`` into the cache (from a clone, else from GitHub); its path."""
    have = image_path(board)
    if have is not None:
        return have
    image = IMAGES[board]
    commit = image.get("commit", COMMIT)
    if git:
        data = _git_show(git, image["path"], commit)
    else:
        url = f"https://raw.githubusercontent.com/{image.get('repo', REPO)}/{commit}/{image['path']}"
        with urllib.request.urlopen(url, timeout=60) as r:
            data = r.read()
    if blob_id(data) != image["blob"]:
        raise WrongBlob(f"the fetched {image['path']} is not blob {image['blob']}")
    out = cache_dir() / image["file"]
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".part")
    tmp.write_bytes(data)
    os.replace(tmp, out)
    return out


# --- their labels -> our truth ------------------------------------------------------------------

# Their hex "h{x}_{y}": x the column from 0 at the left, y the row from 0 at the top; odd columns sit
# half a hex up. The printed id is "{x+1}.{35-y:02d}" (1.35 top left, 1.01 bottom left).
NUMBERING = {"scheme": "ccrr", "col_digits": 1, "row_digits": 2, "separator": ".", "orientation": "flat",
             "shifted": "odd", "row_direction": "up"}
# Stream hexsides the print shows and their stream-info.json leaves out: ours, not theirs (helper bastogne,
# 2026-12-05; RESULTS-web.md). Their 99 pairs code two streams; the print draws three more the same way (light blue
# outlined dark blue, as wide as theirs, not the key's thinner "Run (in hex)"). Each side below was read on crops of
# the print at full size with the lines joining hex centres drawn over it, by their own convention: a stream side is
# a pair of hexes the stream separates (it crosses the line joining their centres). Sides touching an excluded hex
# (chart, edge) are left out, as the converter leaves theirs.
STREAMS_ADDED = {
    # from Magerotte (4.09) north-west along the Victory Route to the west edge in 1.23
    "Magerotte to the west edge": [
        "4.09/5.10", "4.10/5.10", "4.10/5.11", "4.11/5.11", "4.11/5.12", "4.12/5.12", "4.12/5.13", "4.12/4.13",
        "3.14/4.13", "3.14/4.14", "3.15/4.14", "3.15/4.15", "3.16/4.15", "3.16/4.16", "3.16/3.17", "2.16/3.17",
        "2.17/3.17", "2.17/3.18", "2.18/3.18", "2.18/3.19", "2.19/3.19", "2.19/3.20", "2.19/2.20", "1.20/2.20",
        "1.20/1.21", "1.21/1.22", "1.22/2.21", "1.22/2.22", "1.22/1.23"],
    # from the west edge in 1.33 past Wyompont (3.35) to the top edge in 6.35
    "Wyompont": ["1.33/1.34", "1.34/2.33", "2.33/2.34", "2.34/3.34", "3.34/3.35", "3.35/4.34", "4.34/5.35",
                 "5.34/5.35", "5.35/6.34"],
    # from beside the road at Longvilly (48.22) east to Oberwampach (53.20), its branch south into the charts and
    # its course north-east to column 55
    "Longvilly to Oberwampach": [
        "48.21/48.22", "48.21/49.22", "49.21/49.22", "49.21/50.21", "50.20/50.21", "50.20/51.21", "51.20/51.21",
        "51.20/52.20", "51.20/52.19", "51.19/52.19", "52.19/52.20", "52.19/53.20", "53.19/53.20", "53.20/54.19",
        "53.20/54.20", "53.21/54.20", "54.20/54.21"],
}
CLASS = {"OPEN": "open", "OPEN_RUNE": "open", "FOREST": "woods", "FOREST_RUNE": "woods", "CITY": "village"}


def printed(hid: str) -> str:
    x, y = (int(v) for v in hid[1:].split("_"))
    return f"{x + 1}.{35 - y:02d}"


def centre(x: int, y: int, grid: dict) -> tuple[float, float]:
    """Their hex centre (game.json board.grid, in board units of 3400 x 2200), scaled to the image."""
    s = IMAGE["size"][0] / 3400
    px = grid["originX"] + x * grid["hexWidth"]
    py = grid["originY"] + y * grid["hexSize"] - (grid["hexSize"] / 2 if x % 2 else 0)
    return px * s, py * s


def excluded_reason(x: int, y: int) -> str | None:
    """Hexes on the image left out: under the charts, cut by the printed map edge, or below the print."""
    if y == 35 and x % 2 == 0:
        return "offmap"  # the odd columns' row 00: centre 49 px below the image (their labels skip them)
    if y >= 17 and x >= 49:
        return "chart"  # the charts and the terrain key fill the lower right below row 17
    if x == 54 or (x == 48 and y >= 18):
        return "edge"  # cut in half by the map's right edge (column 55 upper right, 49 lower right)
    if x % 2 and y in (0, 35):
        return "edge"  # the half hexes along the top and bottom of the print
    return None


def convert(git: str) -> str:
    sys.path.insert(0, str(ROOT))
    from toolkit.hexgrid import Grid, Hex
    from toolkit.hexgrid.layout import Layout

    game = json.loads(_git_show(git, LABELS["game"]))["board"]["grid"]
    js = _git_show(git, LABELS["terrain"]).decode()
    labels = dict(re.findall(r"(h\d+_\d+): ([A-Z_]+)", js.split("var hexInfo =", 1)[1].split("};", 1)[0]))
    paths = json.loads(_git_show(git, LABELS["paths"]))
    streams = json.loads(_git_show(git, LABELS["streams"]))

    grid0 = Grid.from_dict({"numbering": NUMBERING, "extent": {"columns": [1, 55], "rows": [0, 35]}})
    rows = []  # (q, r, x, y) for the affine fit
    hexes: dict[str, str] = {}
    runs: list[str] = []
    excluded: dict[str, list[str]] = {"chart": [], "edge": [], "offmap": []}
    for x in range(0, 55):
        for y in range(0, 36):
            hid = f"h{x}_{y}"
            h = grid0.hex(printed(hid))
            px, py = centre(x, y, game)
            rows.append((h.q, h.r, px, py))
            why = excluded_reason(x, y)
            if why:
                excluded[why].append(printed(hid))
                continue
            hexes[printed(hid)] = CLASS[labels.get(hid, "OPEN")]
            if labels.get(hid, "").endswith("_RUNE"):
                runs.append(printed(hid))
    unknown = sorted(set(labels) - {f"h{x}_{y}" for x in range(55) for y in range(36)})
    assert not unknown, unknown
    # the affine layout through their centres (exact: their grid is regular)
    import numpy as np

    a = np.array([[q, r, 1.0] for q, r, _, _ in rows])
    mx, *_ = np.linalg.lstsq(a, np.array([p[2] for p in rows]), rcond=None)
    my, *_ = np.linalg.lstsq(a, np.array([p[3] for p in rows]), rcond=None)
    layout = Layout.from_matrix([list(mx), list(my)])
    grid = Grid(grid0.numbering, grid0.extent, layout)
    worst = max(max(abs(u - px), abs(v - py)) for (u, v), (_, _, px, py)
                in zip((layout.hex_to_pixel(Hex(q, r)) for q, r, _, _ in rows), rows))
    assert worst < 1e-6, worst

    def side(a_: str, b_: str, what: str, bad: list[str]) -> str | None:
        pa, pb = printed(a_), printed(b_)
        if grid.hex(pb) not in set(grid.neighbours(grid.hex(pa))):
            bad.append(f"{what} {a_}-{b_}")
            return None
        return grid.side_key(pa, pb)

    bad: list[str] = []
    links: dict[str, set[str]] = {"road": set(), "trail": set(), "rail": set()}
    for seg in paths:
        for a_, b_ in zip(seg["nodes"], seg["nodes"][1:]):
            k = side(a_, b_, seg["type"], bad)
            if k:
                links[seg["type"]].add(k)
    stream: set[str] = set()
    for seg in streams:
        for a_, b_ in zip(seg["nodes"], seg["nodes"][1:]):
            k = side(a_, b_, "stream", bad)
            if k:
                stream.add(k)
    ours: set[str] = set()
    for pairs in STREAMS_ADDED.values():
        for pair in pairs:
            pa, pb = pair.split("/")
            assert grid.hex(pb) in set(grid.neighbours(grid.hex(pa))), pair
            assert pa in hexes and pb in hexes, pair  # not excluded
            ours.add(grid.side_key(pa, pb))
    assert not ours & stream, sorted(ours & stream)
    stream |= ours

    def key(hid: str) -> tuple[int, int]:
        c, r = hid.split(".")
        return int(c), -int(r)

    def ids(xs) -> str:
        return "[" + ", ".join(f'"{i}"' for i in sorted(xs, key=lambda s: [key(p) for p in s.split("/")])) + "]"

    counts = {c: sum(1 for v in hexes.values() if v == c) for c in ("open", "woods", "village")}
    gd = grid.to_dict()
    head = f"""\
# MMP Bastogne: Screaming Eagles under Siege (2008; The Gamers SCS), the web-boards board image
# {REPO}@{COMMIT[:12]} {IMAGE['path']} (blob {IMAGE['blob'][:12]}, {IMAGE['size'][0]}x{IMAGE['size'][1]}).
# HELD OUT: every label below is the web-boards author's (2014), converted by web_boards.py, never
# relabelled by us, except {len(ours)} stream sides of three streams the print draws and their file
# leaves out (ours: STREAMS_ADDED in web_boards.py, read on crops of the print; RESULTS-web.md):
# terrain {LABELS['terrain']} (hexInfo, unlisted hexes OPEN),
# roads/trails/railway {LABELS['paths']} (consecutive nodes of a path = one link), streams
# {LABELS['streams']} (consecutive nodes = the two hexes of a stream hexside).
# Their names -> ours (from the printed Terrain Key: Open, Village, Woods; Road, Trail, Railroad, Stream,
# "Run (in hex)"): OPEN -> open, OPEN_RUNE -> open, FOREST -> woods, FOREST_RUNE -> woods,
# CITY -> village (also symbol village); road -> link road, trail -> link trail, rail -> link rail,
# stream -> hexside stream. The "run" of *_RUNE (a thin stream inside the hex) has no kind in our truth
# format: its {len(runs)} hexes are listed in notes, not scored.
# Grid: their game.json board.grid (hexWidth {game['hexWidth']:.2f}, hexSize {game['hexSize']:.2f}, origin
# {game['originX']},{game['originY']} on a 3400x2200 board) x2 for the image, ids as printed ("1.35" top left).
# Excluded (ours, from the print): 'chart' = under the charts below row 17 on the right; 'edge' = hexes
# cut in half by the print's edge (top and bottom half hexes, column 55, column 49 from row 18 down);
# 'offmap' = the odd columns' row 00, below the image.
# Classes: {counts}. Labels that are not adjacent hexes (left out): {len(bad)} {bad}.
truth: 1
image: {IMAGE['file']}
grid:
"""
    lines = [head] + [f"  {k}: {_flow(v)}\n" for k, v in gd.items()]
    lines.append("hexes:\n")
    lines += [f'  "{h}": {hexes[h]}\n' for h in sorted(hexes, key=key)]
    lines.append("symbols:\n")
    lines.append(f"  village: {ids(h for h, c in hexes.items() if c == 'village')}\n")
    lines.append("hexsides:\n")
    lines.append(f"  stream: {ids(stream)}\n")
    lines.append("links:\n")
    for k in ("road", "trail", "rail"):
        lines.append(f"  {k}: {ids(links[k])}\n")
    lines.append("excluded:\n")
    for k, v in excluded.items():
        lines.append(f"  {k}: {ids(v)}\n")
    lines.append(f"notes: \"run (in hex), their *_RUNE: {' '.join(sorted(runs, key=key))}\"\n")
    return "".join(lines)


def _flow(v: object) -> str:
    from toolkit.terrain.io import flow

    return flow(v)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=["fetch", "convert"])
    ap.add_argument("--git", help="a clone of the board's repository holding the commit (default $WGT_WEB_BOARDS_GIT; "
                    "--board dynamo, gettysburg, sjw, nwk, sl, omaha: $WGT_WASA_GIT, a clone of HerrEklund/wasa; "
                    "--board louki: $WGT_MAPTOHEX_GIT, a clone of axel18bsm/MapToHexagonalGrid2D; "
                    "--board atlantic-wall, europa: $WGT_SIMPUBS_GIT, a clone of jzedwards/blog.simpubs.org; "
                    "--board waterloo: $WGT_WATERLOO_GIT, a clone of rally-the-troops/waterloo-campaign-1815; "
                    "--board gota: $WGT_HEXWRIGHT_GIT, a clone of lerugray/hexwright; "
                    "--board bfm: $WGT_BFM_GIT, a clone of tscheffel/battleformoscow; "
                    "--board bussaco: $WGT_RODAL_GIT, a clone of daverodal/wargaming; "
                    "--board sickle: $WGT_WASA_GIT, as dynamo; "
                    "--board kassala: $WGT_KASSALA_GIT, a clone of rummelsworth/vassal-module-kassala; "
                    "--board manchuria: $WGT_RODAL_GIT, as bussaco; "
                    "--board kuningtou: $WGT_KUNINGTOU_GIT, a clone of jsyeh/kuningtou; "
                    "--board garde: $WGT_MAPTOHEX_GIT, as louki; "
                    "--board gettysburg-south: $WGT_WASA_GIT, as dynamo; "
                    "--board paperwars: $WGT_SIMPUBS_GIT, as atlantic-wall)")
    ap.add_argument("--board", choices=sorted(IMAGES), default="bastogne",
                    help="fetch: which board's image (default bastogne)")
    ap.add_argument("-o", "--output", default=str(HERE / "bastogne.yaml"))
    a = ap.parse_args(argv)
    if a.what == "fetch":
        try:
            print(fetch(a.git or default_git(a.board), a.board))
        except (OSError, WrongBlob, subprocess.CalledProcessError) as exc:
            print(f"web_boards.py: {why_absent(a.board)}; fetching it failed: {exc}", file=sys.stderr)
            return 3
        return 0
    if not a.git:
        ap.error("convert needs --git (a clone of rzymek/web-boards)")
    text = convert(a.git)
    out = Path(a.output)
    tmp = out.with_suffix(".part")
    tmp.write_text(text)
    os.replace(tmp, out)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
