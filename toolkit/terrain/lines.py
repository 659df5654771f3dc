"""Line features that run from hex to hex (roads, railways), traced across the whole hexside
(issue 14, item 3): ``kind: across`` features with ``trace: true`` in the legend.

The band method of :mod:`~toolkit.terrain.extract` looks for a line crossing a side near its middle
in runs no wider than a road. Printed railways and roads cross sides anywhere, at shallow angles, in
dash-dot patterns whose gaps can fall on the side, and in the colour of symbols printed beside them.
Here, at the calibrated working scale (hexes of about 36 px) (the *traced notes*, cited as "traced notes N"):

1. the pixels of the feature's colour (as adapted to the scan) form a mask, from which the printed
   symbols found in the hexes (their matched templates, grown by ``INK_GROW``) are removed, and the parts of a
   symbol printed outlined in the line's colour (symbols._outlined: house blocks ringed in black), and whose
   dash gaps are closed by growing it by about 5% of the hex size;
2. along the whole side (6% to 94% of its length) a band reaching 30% of the hex size to each
   side is sampled; the side is crossed when, at some position along it (give or take one), the
   mask shows both beyond the hex line's zone (10% of the hex size) on one side and on the other: a
   line running along the side, or stopping short of it (a symbol's spike), does not; and only parts of
   the mask reaching ``PART`` hex sizes or more count (a line runs on: a house block of the railway's red,
   a speck or a piece of an outline in the road's colour is shorter);
3. a band mostly of the colour (an area, not a line) never counts; that share is taken from the
   colour itself, before growing: a solid road a fifth of the hex wide, grown, would fill a third of
   the band it crosses (SPI Ragnarok's roads were all refused so); but a marked example side so full of it,
   its own pixels running unbroken through the band (notes 7), is the line printed wide (Seelowe's road band,
   a third of the hex), learned from like the others (its width, notes 4 and 7);
4. a line is a stroke of one width: the colour's half-width (how many times the ungrown mask, at twice
   the working scale, can be eroded; up to ``THICK_CAP`` of the hex) is read on each side of the hex
   line near where it is crossed, and the thinner of the two is the crossing's. The line's own
   half-width is the upper quartile over the sides it crosses (or over the marked example sides, when
   given): its clearest crossings, as hex lines, symbols and JPEG only make a crossing look thinner.
   A line printed wide (a marked side learned from as such, notes 3) is read with its mask's pinholes filled
   (``PINHOLES``: a pixel off the colour whose four neighbours are on it; both this half-width and the one along its
   run of notes 7, for the examples and the crossings alike): a wide tint printed through a screen, or
   JPEG's speckle in a wide textured band (Seelowe's grey road), shows the paper in single pixels, each of which
   stops the erosion, so a crossing there read a half-width of half the stroke's or less and was refused as specks.
   A narrow line is printed solid (GMT Red Winter's grey roads, told apart by their widths: read as before).
   A crossing thinner than half of it (rounded up; and never more than a pixel thinner) is refused: a
   texture of the colour's specks, hatching or the light edges of painted stones (SPI Ragnarok's Asgard
   wall beside its solid road), grown together, crosses sides too. Lines a pixel thin (dash-dot
   railways) are thus not judged by width. And a crossing more than ``WIDER`` times as wide as the marked sides'
   (their upper quartile, where they show a stroke of a pixel or more; a marked side itself never refused) is no
   stroke of the line either: a painted ridge's wash grading through the line's colour (Avalon Hill's mountains on
   the Roads to Gettysburg and Stonewall Jackson's Way scans, browns within 20 of the railway's red-brown) crosses
   sides in bands of it on its flanks, three to five times the railway's half-width. A *double* line (two edges of
   the colour with another between: MMP Afrika's road, dark-brown edges and a mid-brown fill) has edges as thin as
   any relief line or letter of its colour; its whole width is read too, on the mask closed over gaps of 2 x
   ``CLOSE`` hex sizes: where the examples' whole width is more than twice their stroke's, the line is a double one,
   and a crossing whose whole width differs from theirs (upper quartile) by more than a pixel is refused,
   as is one whose fill (the mean colour the closing added where it crosses) lies farther than the colour's
   tolerance from theirs (median): a track drawn over brown hills is as wide, with a paler fill. And where
   the hexes' terrain is known (``ground``), one whose fill lies nearer the terrain colour of either hex than
   to the examples' fill is refused: that is the ground showing between two lines of the edges' colour
   (MMP Afrika's relief contours and its track's edges on the Jebel's brown hills), not a fill - unless a
   learned example's fill is so too (a line filled with its ground's colour: then nothing is refused so).
5. lettering: a name or hex id printed in the line's colour (MMP Afrika's, in its road's dark brown) crosses
   sides too; as for black lines (below, 8; :func:`_lettered`), a crossing whose line pixels in the band
   (the colour's, on the grown parts that cross) are at least ``LETTER_SHARE`` lettering is refused, before
   the line's widths are learned. The colour's long straight runs (``LONG``) are not letters. A marked side is
   never refused so (the legend says the line crosses there): a resampled scan (GMT Red Winter turned 0.7 degrees)
   blurs a forest's speckled trees into blobs of a brown road's colour, and taken for a row of letters beside the
   road they refused a marked side, the line was not learned from all of them and notes 7's rule was off.
6. a ground of the line's own colour: where a hex's terrain colour (``ground``) lies within the line's tolerance
   of its colour (MMP Afrika's mid-brown track over the Jebel's brown hills: Delta E 11.5 apart, tolerance 20),
   the colour fills the whole band and every crossing there would be an area. In those hexes, and as far
   beyond them as their paint runs on (``LOCAL``), the line is read at the finer scale as what stands out from
   the ground around it: the pixels nearer its colour than the median colour within ``LOCAL`` hex sizes (the
   ground there: painted relief changes tone within one class), and beyond the hexes nearer than their
   terrain's colour too - its edges; not the dark rings JPEG leaves within ``HALO`` of a light line printed over
   the ground (``LIGHT_OVER`` lighter: the hex lines, a white road). The gaps between them up to 2 x ``CLOSE``
   hex sizes are closed where they hold its fill - the middle of its stroke at the examples, a pixel no more
   than ``FILL_RATIO`` times as far from that as from the ground (printed over the ground, the fill takes on
   some of its hue) - and the line is taken up across a hex line it reaches from both sides. A crossing there
   with no fill between edges on both sides of the hex line is refused: a single relief contour in the line's
   colour, or two with the ground between, is not the line (with no middle to its stroke at the examples, any gap
   between edges counts as fill). Nothing changes where no terrain is so near.
7. solid lines: growing the mask joins specks of the colour into parts that cross sides - a forest's trees in a grey
   road's tone, the blend where a white fill meets a dark one, a bog's painted outline beside a brown road (GMT Red
   Winter). Where every marked example side is crossed by the colour's own pixels, not grown, unbroken through the
   whole band - a part of them reaching ``SOLID_REACH`` hex sizes runs from one edge of the band to the other
   (:func:`_through`, at ``SOLID_MOVES`` positions along the side per sample across or steeper; the symbols taken out
   of the mask are passed over: a village's houses printed over the road; and, for a line printed wide (a marked
   side's band an area of the colour, notes 3), so are the calibrated hex lines, ``GRID_BAND`` wide, where the
   colour's own long runs lie on both sides of them straight across, a band's width away (:func:`_across_hex_lines`;
   not along them): hex lines printed over a wide road band - Avalon Hill's Squad Leader, black hex lines across grey
   roads a third of the hex wide - cut its pixels into pieces a hex long, and its marked sides were not learned from
   (notes 3) and taught nothing; a thin line is not joined so, as MMP Afrika's dashed track, its dashes either side
   of a hex line, would be) - the line is printed solid (a dashed line, MMP Afrika's track, breaks within a hex or
   two: never so), and a crossing within the side's middle ``END_MIDDLE`` whose colour's own pixels (in parts
   reaching ``PART``) do not run so through the hex line's zone (the zone only: a hex line or JPEG may break it
   further out) is refused. At a corner the line may leave the band: not judged. And a band over ``AREA`` full of the
   colour where its own pixels run so through the zone no thicker than where marked (its stroke's half-width at most
   a pixel over the examples', measured along its run through the band: at each distance from the hex line its widest
   where it crosses, the median of those, so that blobs of the colour touching it at a few distances - trees in a
   grey road's tone - do not widen it) is the line itself, not an area: two ways of it at a junction, a bridge's
   walls drawn in its colour beside it (lettering still refused).
8. a thin line scanned at a lower resolution, or saved as JPEG, is printed in fewer pixels than its width (Battle for
   Moscow's 2 px dash-dot railway at 0.6 of its size): its pixels mix with the ground's, a dot between dashes and a
   dash's pale ends lie beyond the colour's tolerance, and the dashes fall apart (11 of 78 links found). For a line
   without marked sides (read by the legend's colour, or the best matches of it: the unmixed core of a thin line) a
   pixel that is its colour mixed with one of its sides' ground colours as resampling mixes them (in sRGB), at least
   ``TINT_LEAST`` the line's, within half the tolerance of that mix and nearer it than any other line's colour (a dark
   road's tint on sand is a mid-brown track's colour), counts for the line before the mask is grown (not for its
   widths, areas or lettering: those read its own colour). With marked sides, the colour and tolerance are learned
   from the line as scanned, mixes and all.
9. a line runs out of the band across a side it crosses; a line along the side does not. Where the line, followed out
   from the hex line's zone at each marked side it crosses (moving at most one position along the side per sample, as
   in ink note 10 below; the printed symbols taken out of it passed over: a road running into a town dot), shows on
   at least ``OUT_LINE`` of the samples out to the band's edge on both sides, a crossing is refused where, at every
   place it crosses, on one side its line followed out shows on fewer of them while that side of the zone shows the
   colour along at least ``ALONG_LINE`` of the side: a line running along the side there (MMP Afrika's wadis,
   outlined in its track's brown; the track itself or a relief line running beside the hex line), with a stroke of
   the colour beyond the hex line on the other side, shows beyond the zone on both sides at the same places, as a
   crossing does, but followed out it stops within a few samples. And, there too, a crossing is refused where at
   every place it crosses its line followed out shows on fewer than ``OUT_LINE`` of the samples on both sides, and it
   shows within the zone there: a line lying in the hex line's zone, along the hex line or along the next side at a
   corner, whose edges only (grown to close its dash gaps) reach past the zone's edges - Avalon Hill's
   red-dashed county borders printed along the hex lines in the colour box of Stonewall Jackson's Way's railroad (6
   of region 2's 11 false railway sides), a road running along a side. A line hidden where it crosses the hex line
   (printed under it: Dynamo's grey railway) leaves the zone empty there, and is not refused so.
10. a thin line over another colour: where the tolerance learned from the marked sides takes in the printed hex lines'
   colour, the line is read in the colour nearer it than the hex lines are (extract_sides; a grey railway beside
   brown-grey hex lines: half their distance, 4.8 Delta E on GMT France '40's Dynamo map). A line two pixels wide
   printed over a road, across a river's pale halo, or JPEG-smeared into either (its chroma taken from the colour
   beside it), lies farther from its colour than that - 7 to 9 Delta E there - and falls apart into pieces shorter
   than ``PART``. Off the calibrated hex lines (a band of ``GRID_BAND`` hex sizes along every side, as for black
   lines: ink notes 1), a pixel within the tolerance learned and nearer the line's colour than to the hex lines'
   colour, every terrain's and every other line's counts for it too: the hex lines, where they are, stay out, and
   so does any colour nearer theirs (a grey dash-dot border), the paper's and another line's. Only for a line
   ``THIN`` at its marked sides (a half-width of a pixel at the finer scale: the Dynamo railway; its road, 5 px wide,
   has a core of its own colour): a pale road's tolerance learned (20) takes in the pale yellow glow the print draws
   beside its rivers, nearer the road's pink than the paper, and every river side would be a road. And not a pixel
   beside a ``DARKER`` ink: the anti-aliased edges of black lettering, a coastline or a city's houses are greys as
   near a grey railway (the railway itself, over a road or a halo, is at most 19 L* darker than its colour there).
   And only in a part (of the mask with them, grown as below) at least ``OWN_SHARE`` of the line's own colour: such
   pixels continue a line printed mostly in its colour; a city's houses, the counters and aircraft of a printed chart
   are greys as near it with hardly a pixel of its own colour among them (Dynamo: on the whole map outside both
   labelled regions 135 sides more were read as railway without this, most in cities and on the chart; 32 with it,
   nearly all railways). But a railway printed over a road or across a halo for a hex or more is a part mostly of
   such pixels (Dynamo region 2: 0.21-0.36 of its own colour from 1916 to 1917, from 2220 to Lillers, into
   St-Omer): there they count too where the part is as thin as a line - no place of it left by eroding it
   ``THIN_REACH`` pixels more than it was grown (a stroke of a few pixels), nor within that reach and the growth of
   such a place (a city's houses or a marsh's tufts grown together, and their fringe) - and at least ``LEAST_OWN``
   of it is the line's own colour (the chart's thin grey rules, a hex id beside a road, woods' and marsh tufts hold
   none or 4-8 %). Region 2: rail 24/33 -> 31/33, none false; outside both labelled regions 44 sides more, looked at:
   nearly all railways leaving cities or crossing halos and polder.
11. a thin line printed in the hex lines' own ink (Avalon Hill's Roads to Gettysburg scan: dark olive-brown roads 1-2
   px wide, the hex lines 3-4 px of the same ink): its colour, learned from the marked sides' best matches to the
   legend's, is its blend with the ground (L* 59 there, its ink L* 36), and the printed hex lines' colour (the same ink
   blended less) lies 10-15 Delta E off it; notes 10's test then put every pixel of the road nearer the hex lines'
   colour than its own out of the line (its stroke's middle and most of its edges), and the road fell apart over any
   ground but the palest. Where the line's own ink at its marked sides (:func:`_ink_core`: in each band off the
   calibrated hex lines, the median colour of its darkest ``INK_CORE`` share; their median) lies beyond the tolerance
   learned from its colour, that colour is a blend: the hex lines' colour is no rival there (they stay out by their
   place, the calibrated band, only), and notes 10's darker ink is measured from the line's own ink, not its blend (its
   ink is the darker thing its edges are anti-aliased from). Elsewhere (Dynamo's grey railway: its ink 2.8 from its
   colour; its pink road 13) nothing changes.
12. a thin line in a JPEG (:func:`chroma_halved`: the file keeps its chroma, Cb and Cr, at half the resolution of its
   luma - 4:2:0, the default of most cameras, scanners and editors): a line thinner than a chroma block keeps its
   luma, but its chroma is averaged with the paper's beside it and the quality cuts more of it. Battle for Moscow's
   2 px red dash-dot railway saved at quality 50 reads (42, 30, 9) in L*a*b* at its median (its chroma a third to a
   half of the line's in Cb and Cr) against its printed (50, 74, 52): hardly a pixel of it within the tolerance of its
   colour, while the large red city dots and defence lines keep theirs (the colour adapted to the scan is theirs): 3
   of 78 links. For a line without marked sides on such a scan, a pixel that is its colour with its chroma at least
   ``CHROMA_LEAST`` of the line's (the rest grey) and its luma kept, mixed with the paper (a ground within
   ``PAPER_CHROMA`` of grey) as the working scale's reduction mixes them (in sRGB, at least ``TINT_LEAST`` the
   line's: notes 8), within half its tolerance of such a mix, nearer it than to any other line's colour and than to
   grey of its own L* (``GREY_RIVAL``), counts for the line wherever it lies, not only near its own pixels (it may
   have none): 3 -> 72 of 78, none false. Grey: a dark line's smear lies near the anti-aliased greys of the hex lines
   and the names (tried without it, and on every scan: Bastogne's dark red railway took its roads' black edges, 298
   sides false). Paper: a smear mixed with a coloured ground takes in that ground's own shades (Ragnarok's yellow road
   in its JPEG, mixed with every ground: its cream paper and painted woods, 1243 of 1290 sides). Such a line has no
   width of its own colour (notes 4: every crossing reads 0) and is then no double line. With marked sides its
   colour and tolerance are learned from the line as scanned. On other scans nothing changes: without the chroma
   smeared, its colour with half the chroma is another ink's (a brown-grey contour beside a dark red line).
13. a dashed line at another resolution: the mask is grown by ``DASH_GROW`` of the hex size (notes 1) to close the
   dash gaps, which the print draws at a share of the hex size - but in whole pixels, rounded, so the gaps closed
   are from 0.1 of the hex less a pixel to 0.1 of it plus one by the working hex size alone (Battle for Moscow's red
   dash-dot railway: grown 2 px at 36 px hexes as published, 1 px at 22 and 27: at 0.6 and 1.5 of its size, 51 and
   62 of 78 links). A line read by its colour alone (no marked sides: notes 8) loses its dashes' ends, mixed with the
   ground beyond its tolerance, too - about a pixel a gap at any scale (notes 8's tints take back only those near its
   own pixels): its mask is grown by at least ``DASH_GROW`` (rounded up). With marked sides the colour and tolerance
   are learned from the line as scanned, its mixed ends and all, and the growth is as before.
14. a fill between two dark rims (:func:`_rims`): GMT Next War: Korea draws its road as a grey fill 4.5-5 px wide
   between two black rims of 1.5-2.5 px, its trail as a cream fill between two DASHED dark rims, its highway as a red
   fill between dark rims, on 160 px hexes. The legend gives the fill's colour, and that colour is the ground's: the
   road's grey is the shaded relief's (its tolerance takes 24-29% of the relief's pixels), the trail's cream the tan
   ground's. Read by its colour alone such a line is an area over that ground, and the line is found at none or
   few of its own marked sides (region 2: the road at 0 of 3, 1/23 links; the trail at 1 of 3, 17/30 links with 50
   false). Where the colour alone misses a marked side (only then: every other line reads as before), the rims
   are learned from the marked sides at the finer scale (notes 4) - their darkness, the ``RIM_DARKEST`` percentile
   of L* within ``RIM_RING`` hex sizes of the fill's pixels off the hex line's zone (the median over the sides),
   at least ``RIM_CONTRAST`` below the fill's, the cut half-way between; and the gap between them, the most common
   width (px, the narrowest over rows, columns and diagonals) of the non-rim run holding each fill pixel, give or
   take ``RIM_SLACK`` of the hex size - and the line is read again with its colour counted only between two rims so
   far apart, the pixel touching each rim left out (``RIM_BLEND``: a pixel at any hex size, made by the pixel grid;
   not where the fill is under 4 px across, as at 0.6 of that scan's size, its trail's fill 2-3 px) (a pixel
   touching a rim is their blend: a cream trail's edge blended into its brown rims is a grey road's colour, and the
   road was read along 6 trails without this); the
   ground's own colour around it is read as nothing of the line (notes 6 is not needed between rims). Where that
   reading finds every marked side, it is the line's; else the colour's stands. The fill's colour still tells the
   lines apart (a highway's red between the same rims is no road). Region 2: road 1/23 -> 23/23 at 23/23, trail 17/30
   at 17/67 -> 25/30 at 25/25.
15. marks printed over a line where it crosses (Decision Games' D-Day at Omaha Beach: half-disc "fire dots" of a
   zone's colour, a quarter of the hex across, on the middle of the zone hex's sides, and the zones' thick outlines,
   printed over everything - and its roads cross sides near their middles): the line's own pixels stop at the mark,
   so a solid line's crossing there did not run through the hex line's zone (notes 7), and its thinner side, under
   the mark, was no stroke of its width (notes 4): each such link was refused, and the road's soft grey edges read
   as the trail of the same grey there instead (region 2: road 8/17, secondary 0/5). For a line printed solid where
   marked, a crossing refused so is taken where the colour's own long parts run through the zone with the marks
   printed over it passed over, as the symbols are (:func:`_through_marks`): pixels off every other line's colour
   that lie farther from the line's colour and from the terrain of both hexes than the line lies from that terrain
   (a coloured dot, an outline, a house) - not the ground, the line, a blend of the two, nor a shade between or near
   them: a painted ridge's dark wash beside Stonewall Jackson's Way's dark pike stands out from the ground more
   than the pike, but lies near the pike's colour, and passed over it made a false pike link; where neither hex's
   terrain is known, nothing changes. Its width there is the wider side's (the side the mark does not hide).
   Region 2: road 8/17 -> 11/17 and secondary 0/5 -> 3/5, none false. And the marks cut the line short: its own
   pixels between two marks - a fire dot on one side of a hex and a zone's thick outline on another, a third of a
   hex or so apart - are a piece shorter than ``PART`` (notes 2), no long part of the line, and at the side under the
   dot nothing of it ran through the zone (region 2: the road at Vierville 0829/0830, the secondary under G1's blue
   outline and dots). Its pieces reach as far as the marks they run into (``MARKS_REACH``): the line's own parts are
   measured with the marks printed over the map beside them (:func:`_printed_over`: each pixel judged as above, against
   the terrain of the hex it lies in; the calibrated hex lines are no mark, or every piece touching one would reach
   along the grid). Region 2: road 11/17 -> 12/17, secondary 3/5 -> 5/5, none false (the trail's 2 false links on
   their edges gone). A dashed or thin line's pieces (its mask, notes 2) measured so were not kept: NWK 2's trail, cut
   by a highway and a town dot, gained 2 links with 2 false, Omaha 2's trail 3 with the secondary 2 false.
16. a double line whose walls are a pixel thin (:func:`_paper_between`): Vae Victis's Velikie Louki draws its roads
   as two thin grey lines with the white paper between, on hexes read at the working scale as scanned (68 px across),
   and the grey is also its snow's grain, its fills' and the anti-aliased edges of its black ticks, ids and names. The
   walls read a half-width of 0-1 px and the whole width (notes 4, the walls closed over the paper) 1-2, so notes 4's
   double line (whole width at least twice the stroke's and a pixel) is not found and the grain, grown together,
   crosses most sides (region 2: road 4/4 at 4/40, the map's road on 628 of 889 sides). Where that rule does not
   hold and the line is thin where marked (half-width at most ``THIN``), the paper between its walls is learned from
   the marked sides at the finer scale: the pixels lighter than the line (L* above its colour's by more than its
   tolerance) between two pixels as dark as it or darker (along a row, a column or a diagonal: :func:`_rim_gaps`),
   the gap between those walls the most common one of such pixels within ``WALL`` of the line's own at each marked
   side (from the least to the most of those, give or take ``RIM_SLACK``), and the paper's colour (their median, and
   the distance from it within which ``PAPER_SHARE`` of them lie). Where that paper, grown as the line's mask is
   (notes 13), runs through every marked side as long parts (``PART``, notes 2), a crossing through which it does
   not run is none: the grain leaves paper between its specks, but not between two walls at the road's spacing
   along a part as long as a line's. Where it does not run through every marked side, nothing changes. That is read
   first in a window about each marked side (:func:`_walled_where_marked`: the same pixels learned from, a part
   touching a window's edge taken as long), the whole image only where the windows find every marked side walled:
   read whole first, Stonewall Jackson's Way's road, pike and rail cost its extraction about a fifth more CPU, the
   road's and the pike's marked sides then found not walled (review36 R7); its rail's are, and it is read whole.
17. the paper between a double line's walls runs on with the line (:func:`_papers` ``lined``, ``PAPER_RUNS``): notes 16
   took any pixels as dark as the line or darker for walls and any part of the paper a little over half a hex long
   (``PART``) for the line, and on Velikie Louki the road was still read on sides it does not cross (region 3: 14
   false of 20 found; region 2: 1 of 5). Two kinds, both of its grey: (a) paper between walls for a moment only -
   the holes of a hex id's digits printed just under the side between two hexes of a column, a corner tick's arms, a
   railway's grey dashes beside an id, a village's square and its name (region 3: 6 sides, region 2: 1), whose paper,
   grown, reaches 0.8-1.4 hex sizes where the road's reaches 2.8 or more (it runs on from hex to hex); and (b) a
   fill's grain (level 1's mottle, a sixth of it within the road's tolerance and a quarter as dark as it or darker),
   whose specks hold a pixel of paper between them everywhere, grown together into a part as large as the fill
   (region 3: 8 sides of the level-1 hexes 0103-0104). So, first: a wall is a line, not a speck - only the dark
   parts reaching ``WALL_REACH`` (0.2 hex sizes: the grain's specks are 1-4 px; a wall, a tick's arm or a letter
   runs on) are walls - and the part of the paper crossing a side reaches ``PAPER_REACH`` (2 hex sizes, as notes 7's
   solid line: a road runs on). Where the marked sides' paper so read runs through every one of them, a crossing
   it does not run through is none; where it does not, notes 16 is read as before (any walls, parts reaching
   ``PART``). Region 3: road 6/6 at 6/20 -> 6/6 at 6/6; region 2: 4/4 at 4/5 -> 4/4 at 4/4. The paper runs on
   through a solid mass of the line's colour it meets (``PAPER_THROUGH``: masses ``MASS_THICK``, 0.12 hex sizes,
   thick or more - a village's square printed on the road; a wall is a pixel): two villages on neighbouring hexes
   broke the paper between them under ``PAPER_REACH`` and their link was lost (review38 L1, a drawn test). Not
   solved: a fill's grain joined by a hex id or a name printed over it into a long dark part holds walls again (a
   drawn fill with its hexes' ids in it keeps its false sides), and a forest's trees or a marsh's contour lines are
   long walls.
18. a line broken where marked cut short by small marks printed over it (D-Day at Omaha Beach's fire dots and zone
   outlines over its dashed trails): notes 15 reaches through marks only for a line printed solid where marked (a
   crossing refused by notes 7). A line whose marked sides are not all
   crossed unbroken (notes 7: its dashes, or its fill between dashed rims, end in a band) has its pieces (the mask,
   its dash gaps closed: notes 2) joined with the marks printed over the map beside them (``MARKS_CUT``; the marks as
   :func:`_printed_over` judges them, the calibrated hex lines no mark), and a piece so joined to a long part of the
   line (``PART`` on its own) is the line's: a piece between a dot on a side and one a third of a hex before it,
   shorter than ``PART``, crosses the side. Only marks shorter than ``PART`` themselves (a dot, a symbol) join: a
   mark reaching ``PART`` on its own (another line's dark rims, a zone's outline, a hex's fill off its terrain) joins
   every speck of the colour along it to the line (with every mark: France '40's road 2 false sides more, along its
   canal; Afrika's track 1). Nor a darker ink (``DARKER`` below the line's L*, as notes 10: a name's letters), whose
   anti-aliased edges are the line's colour: Roads to Gettysburg's road took 2 false sides by the creek's and a
   place's names so (and 1 true one). And only to a long part of the line: joined among themselves, the specks of
   the colour about a row of letters reach ``PART`` too (France '40's canal's pale halo in its road's tan about the
   canal's blue name: 1 false road side; a hill's brown patches about Afrika's "Jebel el Akhdar": 1 false track
   side). Not for a line printed solid where marked: Omaha's secondary road, in the trail's grey, then reached
   through the fire dots over the dashed trail and took 2 of its links (notes 15 covers the solid line). Region 2 of
   Omaha: trail 10/18 at 10/15 -> 13/18 at 13/18 (1030/1031, 1033/1034, 1133/1134).
19. a darker line's rims are not a lighter line (``extract_sides._darker_rims``): where a lighter traced line's colour
   is the darker one's blend with a ground (within the tolerance the lighter colour is traced with, a fifth of each
   at least, nearer it than any other darker line's blend), a side both cross at the same place is the darker
   line's only; the lighter line's own marked sides stay. Stonewall Jackson's Way's thin road on the black-brown
   pike's links: region 2 road 26/47 at 26/31 -> 26/47 at 26/28 (session 39).
20. a name printed in the line's colour whose letters notes 5 does not see as a row of letters (SPI's Atlantic Wall:
   its town names printed in its dashed road's brown - "Osmanville" sideways, "Isigny" along a hex side - at the
   traced tolerance strokes a pixel or two thick, a ladder of rungs across the name's column or fragments, each
   letter no row), where the line is printed in dashes where marked (no run of its own pixels ``PART`` long through
   any marked side crossed - notes 7's ``solid``): from each place a side is crossed (the middle of each run of
   places, notes 2) the colour's own pixels (not grown) are *walked* both ways along each of ``STROKE_WAYS`` ways
   (:func:`_runs_on`, :func:`_walk`): each step of ``STROKE_STEP`` hex sizes to the mean of the pixels ahead within
   ``STROKE_ANGLE`` of the way the walk came - over a dash gap (the gap the grown mask closes, notes 13) to the next
   dash where none is near - stopping where the step's pixels are wider than a bar ``STROKE_WIDE`` times the marked
   sides' widest or lie as a stroke across the way. A line runs on, dash after dash, round its bends; a walk over a
   name stops within a letter, or runs over more paper than print. A crossing is the line's where some walk's two
   ends lie ``STROKE_SPAN`` hex sizes apart with ``STROKE_COVER`` of it on the pixels; where every marked side
   crossed is so (a dotted line's dots are more paper than print: the rule is then off), a crossing that is not is
   refused (never a marked side). Measured on Atlantic Wall 4 and 2 (studied) and the drawn boards of
   tests/terrain/test_dashes_not_lettering.py (32-44 px): the roads' crossings walk 1.0-1.8 hex, 0.66-1.0 of the walk
   on their pixels; the names' 0-0.67 hex (their walks of half a hex or more only 0.25-0.55 on their pixels: without
   the cover, a walk over Osmanville reached 0.95 hex, one along a drawn Isigny 1.14); none wrong for
   ``STROKE_SPAN`` 0.7-1.0, ``STROKE_COVER`` 0.5-0.7, ``STROKE_WIDE`` 1.25-2, ``STROKE_STEP`` 0.15-0.2. Its first
   form (review39 R3: the strokes' reach along one fixed way through the place) lost a winding dashed road's
   crossings (a sine of 0.35 or 0.7 hex: 1 and 2 of them), and refused MMP Afrika's double-line roads where their
   edges fork or bend at a crossing (Afrika 3, studied: road 43/45 -> 38/45; those roads are solid where marked, and
   the walk does not touch them).
21. a fill between dashed rims in pieces in a row (:func:`_chained`, ``CHAINS``): read by its rims (notes 14) a fill
   counts only where both rims show, and between DASHED rims (GMT Next War: Korea's trail) only where a dash of each
   lies across from the other: where the rims are pale (over the marsh and the lowland cream) the fill falls into
   pieces of a dash or two, farther apart than the mask's growth closes (notes 13), each shorter than ``PART`` (notes
   2); where such a stretch runs between two things printed over the trail (a town's fill, a highway, a town's dot)
   no part of it reaches PART and the band sees no crossing: NWK 2's trail missed 1917/2017, 2017/2116 and 2120/2221
   so (lines7's group A, which D-Day at Omaha Beach's trail shares). For a line read between rims and printed in
   dashes where marked (no run of its own pixels ``PART`` long through any marked side: notes 20's premise), its
   pieces shorter than PART, grown again by the same reach (a gap twice as wide closed), that reach PART together
   and spread across their length (the standard deviation along their moments' minor axis) by at most
   ``CHAIN_SPREAD`` of the hex are the line's: a row of its fill's pieces, one after another. Where such a row crosses
   a side, notes 20's walk steps over the gaps that joined it (twice the grown mask's), or it refused them again.
   NWK 2 (studied): trail 25/30 at 25/25 -> 28/30 at 28/28; the spread's bound (the crossings read alone) at 0.1 of
   the hex gains those three with none false, at 0.08 two, at 0.12 one false too (1914/1915), at 0.06 none; measured
   over blocks of PART (a row bending with the trail) instead of the whole part, 0.06 gained one and 0.08 one false.
   Its first forms were wider: for any line broken where marked (notes 18's premise), MMP Afrika 1's road read
   20.25/21.26 (the track's dashed rims in its brown) false; for any line printed in dashes where marked, Roads to
   Gettysburg 2's thin road (1-2 px, broken by its thinness, not dashed) read names' letters in a row - two false
   sides more, 109/123 -> 109/125 (4920/5020, 5019/5020, 5521/5621, 5626/5726 gained, 5122/5222, 5324/5325 lost). A
   row of pieces is no sign of a line where a line's colour may lie in letters; between rims it is (a letter has no
   rims at the trail's gap). Not reached: D-Day at Omaha Beach's trail through G6 (1032/1132, 1131/1132,
   1132/1133: its dashes in 1132, read by colour, fork - spread 0.22 of the hex - between fire dots on the zone's
   outline, a mark reaching PART that notes 18 joins nothing through), and its solid roads (notes 15).
22. a thin line printed lighter in places (Avalon Hill's Stonewall Jackson's Way: the road's dark brown, learned L*
   49 at its marked sides, printed paler over long stretches, 8-21 Delta E from its colour and nearer the hex lines'
   olive than its own): notes 10 keeps a pixel nearer the hex lines' colour than the line's out of it, and such a
   stretch is read as nothing, the road lost for hexes at a time (region 2: 14 of its 21 missed links). Colour
   cannot part them from the hex lines (and the rough ground's olive specks lie 6-12 from the road's colour); their
   shape can: off the calibrated hex lines (``GRID_BAND``), such a pixel - within the tolerance learned, nearer the
   line's colour than every terrain's and other line's, not beside a ``DARKER`` ink - counts for the line where it
   lies on a path: with the line's own pixels and notes 10's, a part with no pixel left by one erosion (a stroke of
   3 px or more - the hex lines printed off their calibrated place, a letter's stroke, a woods blob's edge - and the
   two pixels about it are left out) reaching ``PATH_REACH`` hex sizes unbroken (its bounding box's diagonal; a
   speck, or the fringe of a speck, does not). Only where notes 10 reads at all (a thin line with its tolerance cut,
   not notes 11's blend: there the hex lines' colour is no rival already). Region 2: road 26/47 -> 31/47 at 31/33
   (the two false as before); the first form, parts grown by the mask's growth and thin by notes 10's test, took
   the specks and "PRINCE WILLIAM"'s letters (36/47 at 36/56). Its limit (review41 R5): the hex lines were kept out by
   the calibrated band only; hex lines 2-3 px thin printed a tenth of a hex off the grid are as thin as the road and
   were read as it (notes 24).
23. a thin dark line's crossings lie among its blends with its ground (:func:`_off_blends`, ``OFF_BLENDS``): the
   colour and tolerance learned from a railway a pixel or two wide (Guns of the Americas: 22 px hexes, its dark grey
   railway's ties not resolved) are its blend with the paper - its pixels' median, L* 50, tolerance 20 - and take in
   a lighter line's core (the tan roads, L* 56-66, 12 Delta E from it) and the blends of other inks (a border's red
   ticks over a river's grey-blue): region 2's railway read 10/10 at 10/37; of the 27 false links 18 are roads
   crossing the side (4 of them under the border's hatching there), 9 the border's hatching alone (8 over the
   river's band); no name, id or hex line alone. The roads are yellow: their pixels on the scan read b* 16-22 where
   the cream they are printed on is 15 and the railway's colour 7 - more chromatic than any mix of the grey with the
   cream. So, for a single line thin where marked (half-width at most ``THIN``, as notes 10; not a double line, notes
   4), darker (L*) than the terrain of both hexes at every marked side (:func:`_darker_than_grounds`) and whose colour
   is a grey ink's blend with that terrain (:func:`_grey_blend`: within ``BLEND_OFF`` in a*b* of a mix of the greys
   with each marked side's ground; the hull below takes the ink on the ray from each ground through the colour, and
   a grey ink lies on every such ray, a coloured ink only on its marked sides' ground's: over a ground of another hue
   its blends lie off the hull - tests/terrain/test_blend_chroma.py's brown line over a pink ground loses its 4 links
   there when judged), at each
   crossing the colour's own pixels (within its tolerance: not notes 10's pixels off it, a railway printed over a
   road) at the crossing's places (as notes 4 reads its width) are read in a*b*, on each side of the hex line's zone:
   their median distance from the convex hull of what a blend of the line with the side's ground can be - the two
   hexes' terrain colours, the line's colour, its ink beyond it (the colour ``BLEND_EXTEND`` times farther from each
   ground: the colour learned is the ink's blend with the paper) and the neutral greys (a*b* 0: a darker, greyer
   ink, as Stonewall Jackson's Way's brown road's core, b* 30-36 against its colour's 42) - the nearer side's the
   crossing's. A crossing farther than ``BLEND_OFF`` (3 a*b*) and than the marked sides' farthest plus half of it is
   refused; never a marked side, nor a crossing where a side shows none of the colour's own pixels or neither hex's
   terrain is known (not judged); only where every marked side is crossed; not between two rims (notes 14: the fill
   there is read). A scan keeping its chroma at half the resolution (GotA's) mixes a thin line's chroma with its
   ground's: a mix still within the hull (the railway over the light tan, b* 28, reads b* 13-26 and stays; the roads
   there, within it too, are not told). Measured on region 2 (studied): the railway's crossings 0-1.5 (its marked
   sides 0-0.3), the false links 0-12.1 - 16 of 27 over 3 (roads on the cream), 11 kept: roads over the tan, the
   hatching over the river whose blend with the red is a grey, and 10 sides not judged (none of the colour's own
   pixels on a side). Coloured inks are left alone: read for every thin line darker than its ground, Stonewall
   Jackson's Way 2 (studied) read its black-brown pike's true crossings 0-1.9 and its false ones (the road's brown)
   11-17 - the pike 12/13 at 12/14 -> 12/12, its road unchanged (its true crossings 0-1.4 with the greys in the hull,
   2.2-4.4 without them: its dark core is greyer than its colour, b* 30-36 against 42) - but the whole bench's SJW 1
   (BLIND, totals only) lost its pike 8/8 -> 3/8 and its road 52 -> 50 of 66 (the cause not studied: blind). Those
   blind totals are what led to the scope (review42 R8): they count for nothing as evidence; the drawn board above
   is the scope's evidence. SJW's pike and road lie 8.0 and 4.4-5.5 from a grey's blend with the paper, GotA's railway
   0.7: they are not judged. The legend's other lines are
   not in the hull: GotA's ridge (#9c8f72) is the roads' own colour. Its first form (session 41, branch gota3,
   not landed) refused a crossing whose darkest pixel was over 5 L* lighter than the marked sides': GotA 2 10/10 at
   10/12, but SJW 2's pike 12/13 -> 7/13 (its marked sides' darkest 16.7-20.3 L*, its other crossings' 23-29) and a
   thin railway over a road (test_thin_line_under_art) lost: the marked sides' darkness is no measure of a thin
   line's elsewhere, its hue is.
   Read whole, a side's pixels near the hex line take the chroma of what is printed along it (review42 R10, the
   GotA sheet outside its blind region): at Omaha (4518/4618) the railway crosses the border's red hatching, whose
   ticks reach 4-5 px either side of the hex line - the railway's pixels there read a* +7 to +12 (off 9-11), its
   pixels 5-7 px out (-2, 4) and (-1, 7) (off 0-0.3); read whole, 4.6 and refused. So on a side where the line's own
   pixels run through every sample ``BLEND_CLEAR`` (2: a chroma sample of a 4:2:0 JPEG) or more beyond the zone,
   the median of those alone is read too and the nearer of the two counts (Omaha 1.9; west of Washington, 7317/7417,
   the railway over the rough with a brown road 2-3 px beside it, 3.0 -> 2.6). A mark along the hex line (the
   hatching alone) does not run so far and is read whole as before. Followed as a stroke through the band instead
   (each sample across within a position along of the last), the railway's course keeps its tinted pixels (Omaha
   4.6, Washington 3.0, as read whole): they are on it. Read only clear of the hex line (not the nearer of the two),
   the railway over GotA's tan reads warmer there than any blend of the tan with a grey (a* +2 to +5 where those are
   -2 to 0; next to the hex line its grey pulls it in): 19 more crossings refused on the sheet, 11-14 of them
   railways by eye - hence both readings. Region 2: the same (10/10 at 10/21); the sheet outside the blind
   region: 28 of the 329 crossings the rule refused are kept, 22 of them railways by eye (16 under the hatching),
   6 roads or hatching; none refused that was kept. Drawn test: test_the_railway_under_a_hatched_border_is_kept (Omaha's
   band: ticks 4.5 px either way every 4 px in the border's red, saved as a 4:2:0 JPEG - refused read whole).
   Its limit (review43 R2): the margin is a constant, not the hatching's reach measured on the scan. Ticks 5.5 px
   or more either way (a fourth of a hex here) tint the railway out to the band's edge (0.3 hex: 7 samples at GotA's
   scale), no sample clear of them is left, and the crossing is refused again (test_the_railway_under_a_wider_
   hatching_is_kept, xfail); a wider BLEND_CLEAR loses the roads. Reading the hue in a band wider than the crossing's
   (beyond the hatching's measured reach) would be the answer - not done.
24. the hex lines printed off their calibrated place, read by notes 22 as a thin line's path (review41 R5:
   test_light_road_path's board with its print shifted 5 px against the grid read 4 false links with 3 px hex lines,
   17 with 2 px; the calibrated band, ``GRID_BAND``, is all that kept them out): a hex line lies along its side, a
   road crosses it. Notes 22's candidate pixels within ``PATH_BAND`` hex sizes of a calibrated side (0.15 either way:
   a tenth of a hex off, and the line's half-width) on a straight run along that side's own direction
   ``PATH_ALONG`` hex sizes long or more, give or take a pixel across (:func:`_along_sides`, a linear opening along
   each of the sides' three directions), are the hex line's and left out - a road crossing at a slant runs along the
   side for its width over the slant's sine (4 px at 30 degrees), a tenth of such a run. But where a path goes on
   on both sides of such a run straight across it, within the run's band and the calibrated band beside it (the
   road over the misplaced hex line: :func:`_both_across`), the run's pixels there are the path's, as notes 7 reads a
   line across the calibrated band. The path's thinness (notes 22's erosion) is judged on its pixels before the runs
   are taken out: out of an area of candidates (a legend whose marked sides no line crosses, its colour learned the
   paper's: test_legend_advice's board) they would leave strips as thin as a line, read as the road on 70 of 117
   sides. The drawn board (tests/terrain/test_paths_off_grid.py), shifted 0-6 px with 2 or
   3 px hex lines: every road link, none false (233af95: the false links above, and 42 with 2 px lines at a 6 px
   shift). The pale road is no longer joined through the misplaced hex net: shifted the other way (-3, -5 px),
   a stretch broken by the scan's noise inside a hex falls short of ``PATH_REACH`` (3 and 5 of its 5 links missed;
   233af95 missed 2 and 3 there, with 4 false at -5). Beyond 0.14 hex off (7 px) the hex lines read as the road with
   notes 22 off as well: no rule of the path's. Stonewall Jackson's Way 2 (studied): road 31/47 at 31/33, the same.
   With the hex lines' runs so left out, a terrain's colour is no rival to a path's pixel (``PATH_TERRAINS`` off): a
   terrain is an area, which the erosion and the reach refuse (a town's block, a woods blob), and its fringe along
   the hex lines is such a run. SJW's road paled by the ground it crosses (region 2: by Landmark 2813/2914,
   3514/3515, and by Aldie's creek 2911/2912; the pixels these links gained L* 50-66, 11-19 Delta E from its colour)
   lies nearer the rough ground's olive (80, -6, 42), the mountains' orange (71, 10, 46) or the woods' grey-green
   (49, -5, 15) than its own brown: 31/47 -> 34/47 at 34/36 (the two false as before; one case run, in-process). A
   wider tolerance for the path's pixels was measured and does nothing alone (1.25, 1.5, 2 times the learned 20:
   31/47 each; with the terrains no rivals, 1.5 times read 32/47 - the paths thickened by the ground's pixels break
   at the erosion). Not reached: the road over the whitest ground (3214/3215, 3215/3216, 3413/3513, 3413/3514; along
   3215/3216 its darkest pixels lie at L* 55-74, 12-29 from its colour, most beyond the tolerance, and no colour test
   parts them from the hex numbers' and names' greys), and stretches broken at a junction's knot (the erosion's two
   pixels about it) or by a darker line beside them (3210/3211, 3211/3311). Drawn:
   tests/terrain/test_path_terrain_rival.py. But two terrains' edge blends into the line's colour too, and the line's
   own blended sides do beside it. On SJW's whole North Map (the blind region left out) the road so read on 1803 sides
   against main's 1690; of 30 of the new ones judged by eye 9 were false, 3 of them the woods' edge along a creek or a
   border on a side (0924/1023, 1924/2023, 1231/1331; L* 51 between the woods' 33 and the paper's 85), and of 6 lost 4
   were roads (4910/5009, 5309/5409: the paler pixels beside the road made it a stroke the erosion refuses; 4824/4825,
   5024/5125: across a river or creek along the side). So a pixel a terrain's colour lies nearer counts only where it is
   a stroke darker than its ground on both sides, straight across: its L* lower by ``PATH_VALLEY`` than the pixels
   ``PATH_ACROSS`` hex sizes away on both sides along a row, a column or a diagonal (:func:`_valley`; an edge between a
   darker and a lighter ground is darker than one side only, an area's inside than neither); and the path's thinness is
   judged without those pixels (``PATH_THICK``: the erosion on the line's pixels and the candidates no terrain's colour
   lies nearer, main's). North Map: 1800 road sides; all 21 judged real of the sample kept, the 3 woods' edges and the
   green dots (5715/5814) gone, 4910/5009 and 5309/5409 back; SJW 2 34/47 at 34/36, the same. Still read: names' letters
   (1832/1833 "Oak Shade", Wheat's Mill 4934/5034), hex lines (3229/3329, 3516/3616), a railway (4308/4309), a creek
   under its name (5030/5031) - each a stroke darker than its ground; still lost: roads across a river or creek lying
   along the side (4824/4825, 5024/5125, and now 5033/5034, 5324/5325; not yet understood: the side's reading refuses
   them with the path's pixels more, not fewer). Whole bench (against main 8fd0e56): SJW 2 the only studied case moved;
   SJW 1 (BLIND, totals) road 52/70 -> 52/71, and Louki 1 (BLIND, totals) road 9/11 at 9/14 -> 10/11 at 10/15 - Louki's
   studied regions 2 and 3 are unchanged, so no studied material explains that one (5079c05 alone left it as it was).
   Drawn: tests/terrain/test_path_terrain_edge.py (a woods block edged in a colour nearer the town's: four false links
   without ``PATH_VALLEY``; the board softened by 1.1 px: the lighter road's five links missed by main and by 5079c05,
   three without ``PATH_THICK``).
25. an ``along`` line printed in nearly this line's colour (David Rodal's Bussaco 1810: its up-slope hexsides a thick
   brown line ON the side, 14 px of 68 px hexes and lying mostly on the upper side, with hachures 5-7 px wide fanning
   out below it up to a hex long; its roads' light-brown core (168, 130, 88) between dark edges, the slope's brown
   (139, 111, 80) 12 Delta E from it, within the road's tolerance, 20): the band of a slope side holds the slope's
   line beyond the hex line's zone above and its hachures below, and a hachure crosses the lower hexes' sides - each
   read as the road crossing (region 2: path 10/11 at 10/19, 4 of the 9 false links slope sides, 5 hachures; on the
   whole map outside the blind region 455 sides read as path, most of them the ridges'). The band method has its
   rule (a sample counts for the feature whose colour is nearest); the traced mask had none. Where an along line's
   colour lies within this line's tolerance of its colour, its strokes are its ink (:func:`_along_ink`, ``ALONG_INK``):
   at the finer scale, the pixels within the tolerance nearer its colour than this line's, opened by ``ALONG_STROKE``
   (a stroke 3 px wide or more: not this line's own anti-aliased edge, nearer the slope's darker brown for a pixel),
   in parts reaching out of the calibrated hex lines' band (``GRID_BAND``, grown by the same pixel: a hex line printed
   over the road blends with it into a short stroke of the slope's brown lying in the band - with it, the road by
   Busaco lost 0815/0915), grown by a pixel more (their blend with the ground), are left out of the line's mask
   and colour. And the line passes under them as under the symbols taken out of it (notes 7's own long parts are
   measured with them): the map draws the hachures over its roads (by Busaco, 1016/1116 and 1116/1215 were lost
   without it, the road's own pixels cut just where it crosses the side). Region 2: path 10/11 at 10/19 -> 10/11 at
   10/10 (the one miss, 3114/3115, under Penacova's blot, as before); outside the blind region 455 -> 111 path
   sides, every one of the 344 dropped on a slope line or its hachures by eye and none of the roads' lost (crops of
   the whole map, the blind region blacked out). Blind Bussaco (totals): path 15/15 at 15/48 -> 15/15 at 15/15.
   Nothing changes where no along line's colour lies within a traced line's tolerance of it (the rule did not read
   on Waterloo 2, NWK 2, Omaha 2, Atlantic Wall 2-4). It reads on Guns of the Americas too (review43 R9): its ridge
   (along, a grey-olive band) lies 14.0 Delta E from its railway's colour, within the railway's tolerance (20). On
   that sheet (gota-2's full run) railway sides 1600 -> 1479: region 2 the same (10/10 at 10/37); outside the blind
   region 115 dropped - the reviewer's 9 at random all rightly (roads, hex lines by or under a ridge, the railway
   passing a side's end) - and 6 ADDED, all false: 0614/0715, 0715/0716, 2342/2441, 2928/2929, 7414/7515 (a ridge
   lying along the side, no railway) and 3148/3248 (a ridge's end at the sea's edge); blind GotA (totals) rail 9/9 at
   9/35 -> 9/9 at 9/29. The limit: main read such a band as an area of the railway's colour (notes 3) and refused
   it; with the ridge's strokes left out, its tapering ends and the bits of the railway's colour beside it (its
   blend with the ground, nearer the railway's colour) remain, no area, and cross the side. Counting the along ink
   in the band's area share (tried: GotA's 6 gone) refuses Bussaco's roads where they cross a slope side or run under
   its hachures (0815/0915, 0917/1016, 1016/1116, 1116/1215, 1214/1215, 1214/1314, 1704/1804 lost): not done. Drawn:
   tests/terrain/test_slope_hachures.py.
26. a line's colour in specks (:data:`SPECKS`): GMT France '40's Dynamo prints its rivers with a soft pale halo whose
   grain holds single pixels of its road's pale pink-tan (within the road's tolerance, 6.8 as cut by notes 10); grown
   by the dash gaps' closing (notes 1, 13) they join into parts along the river reaching PART, beyond the hex line's
   zone on both sides of a side the river lies along - region 2 (studied) read the road at 1815/1914 (the Aa along the
   side) and 2017/2116 (a stream ending at the corner), no road there. The road is not printed solid where marked (the
   hex lines are printed over it: notes 7's test, a crossing only grown together is none, is not read), and its
   half-width where marked, 2, lets a crossing of 1 pass (notes 4). So for a line wider than ``THIN`` where marked,
   read by its colour (not between rims: a fill there is cut into pieces at the rims' dash gaps, notes 14 and 21),
   solid (notes 7's own long runs through the zone) at one marked side at least (not printed in dashes: a dash may end
   just past the hex line, notes 20 walks those) but not printed solid at all of them (notes 7 and 15 read those), each
   crossing's colour is read as parts of its own pixels, not grown (a symbol taken out joins what touches it, as notes
   7): on each side of the hex line, where crossed (as notes 4 reads the width), the part reaching farthest (its
   bounding box's diagonal); a crossing where that reach on either side is under twice the line's half-width where
   marked - specks no longer than the line is wide - is none; never a marked side. Region 2: road 38/42 at 38/40 ->
   38/41 at 38/38 (with 2321/2322, a wrong label, removed; the halo's reaches 0-1 px, the true crossings' least 8.9 px,
   the marked sides' 14-73, the bound 4); MMP Afrika's track reads it too (region 3, studied: 46/53 -> 46/52, the
   false 32.20/32.21 a double-line road's fill read as track); the whole bench otherwise identical (rb-digital44);
   on the whole map outside the blind region and its ring 30 road sides dropped, looked at on crops: 29 no road (the
   rivers' halos, the turn chart's tint and the red zone outlines' edges, a chart's counters) and one true road lost,
   5901/5902 (the road runs under a river along the side into 's-Hertogenbosch, whose fill is the road's tan: only
   specks on the city's side - the named limit); likewise a label or hex number printed over the line where it
   crosses can leave only specks on that side (Bastogne read with a user's legend: trail 39.01/39.02 lost, 468 ->
   467/480; review44 R17). Drawn: tests/terrain/test_halo_specks.py.
27. a line hidden at the side under a mark with something printed just past it (D-Day at Omaha Beach prints each
   hex's id sideways inside the hex's west edge, over whatever runs there, and a zone's half-disc fire dot on the
   middle of a side, on the hex before): its roads cross sides near their middles, so there the road runs under the
   dot, the hex line printed over it, a few pixels of the road, then the id. At the working scale the id's thin dark
   digits blend with their light halo into greys between the road's and the paper's - neither the line nor a mark
   (notes 15) - and the calibrated hex lines' band is no mark either, so the road's own pixels between the hex line
   and the id are a piece shorter than ``PART`` that reaches nothing (notes 15's reach), and no long part of the line
   ran through the zone even with the dot passed over: every such link was refused (region 2: road 0627/0628,
   0726/0727, 0831/0832, and 0627/0727, 0832/0833 then dropped as lone links; their soft grey edges read as the trail
   of the same grey). Where a crossing is hidden under a mark (notes 15: a line printed solid where marked, crossed,
   its long parts not through the zone), the line's own colour's pixels count in the zone as well, however short
   their piece (``MARKS_OWN``, :func:`_through_marks` ``own``) - only at the places along the side where it is crossed
   (the grown mask on both sides of the zone, ``SOLID_MOVES`` either way): the hex lines' band is passed over in the
   zone, and a mark elsewhere along the side would join to a dash of the colour across it. The mark lies on one side
   of the hex line, that side of the zone all mark, and the line on the other, its own pixels there long parts or
   short (a fire dot is a half-disc in one hex): a textured ground's dark specks and its specks of the colour fill
   the zone too, mixed on both sides or the ground's long parts standing for the mark (GMT Red Winter's brown road
   by its forest and suo: counted mixed, region 2 secondary 13/13 at 13/13 -> 13/15 - Q23/R23, T23/U23 - and 8
   sides more over the sheet, blind region 3 23/23 at 23/23 -> 23/28 by its bench totals; with the long parts on the
   mark's side, G12/H12 and Q4/R5 over the sheet and blind region 3 still 23/28; as now, the sheet's sides as
   before, 142; a drawn forest 17 false sides counted mixed). And only for a line no
   other line of the legend shares its colour with (within its tolerance, ``OWN_ALONE``): Omaha's secondary road
   and its dashed trail are one grey, and counted so, the trail's dashes under the fire dots read as secondary
   crossings (region 2: 1030/1031, 0733/0833; over the sheet 14 secondary sides more, the trail losing them). Region
   2: road 12/17 at 12/12 -> 17/17 at 17/17, trail 13/18 at 13/18 -> 13/18 at 13/15 (the road's edges' false trail
   links gone); over the whole sheet outside the blind region 7 road sides more, each by eye a road under a dot and an
   id (1321/1322 St-Laurent, 0833/0834 by G4 too). Drawn: tests/terrain/test_marks_ids_over_lines.py.
28. a line drawn along the hexsides over the hex line (:data:`ON_HEX_LINES`, :func:`_on_hex_lines`): MMP Afrika's
   wadis run from corner to corner along the sides, outlined in an olive within its track's tolerance; the closing of
   the track's dash gaps grows them into one band 0.25-0.3 hex across, wider than the hex line's zone, so notes 9 sees
   them on both sides of the zone like a crossing (10 of the studied Afrika regions' false track sides). In notes 9's
   scope (the line runs out of the band at its marked sides), a crossing is refused where the part of the line's colour
   met at every place it crosses (within ``PART`` hex sizes of it, connected there) lies less than ``HEX_LINES_OFF`` of
   it farther than ``HEX_LINES_NEAR`` hex sizes from every hex line, and those parts show on both sides of the side's
   zone along ``STRADDLE`` of its positions or more; never a marked side. Near the hex lines alone (track45's first
   form) took real crossings near a corner running on beside the next hex line in one hex (Afrika 1's main road at
   14.25/15.26: straddle 0.08; Dynamo 2's railway at 2220/2319: 0.20) - the straddle keeps them. Studied: Afrika 3
   track false 6 -> 4, Afrika 5 6 -> 4, Red Winter 1 secondary false 1 -> 0; over Afrika's whole sheets 14 track sides
   dropped, each by eye a wadi (12) or a relief line (2). Limits: six wadis stay (farther from the hex lines, or
   straddling less: a higher share would lose Afrika 5's true 17.06/17.07); Dynamo's pink road at 4411/4510 beside a
   red-outlined hex is lost (whole sheet); on Roads to Gettysburg's North Map 24 road sides drop outside the blind
   region, of 8 looked at 7 no road (lettering, a creek, a hex line) and 2822/2923 a real road lost, and the blind
   region loses one true road side by its totals. Drawn: tests/terrain/test_lines_on_hex_lines.py.
30. (29 is unused: session 46's road read through a railway printed over it broke Roads to Gettysburg's roads and
   was dropped) the fill between a line's edges on its own ground runs on with it (:data:`FILL_DEPTHS`):
   notes 6 refuses a crossing there with no fill between edges on both sides of the hex line, but took one pixel of
   it on a side as the fill. Between two relief contours on MMP Afrika's Jebel, or beside a wadi's outline, the closing
   leaves specks of the hills' lighter tone a sample deep; the track's fill runs from the hex line's zone out through
   the band. A crossing on such a ground is now refused unless its fill shows, near where it crosses, at
   ``FILL_DEPTHS`` (2) distances from the hex line or more on each side of the zone. Measured at the crossings read so
   (Afrika 1 and 5, main 5a72e45): every true track side at 2-7 distances on its thinner side (Afrika 1's 22.24/22.25
   at 2, the next 3), the false ones at 1 (Afrika 1 18.25/18.26 and 21.26/22.26, relief; 20.24/21.25, a wadi's outline;
   Afrika 5 10.21/9.21, relief) - those four are refused; Afrika 1's 17.26/18.25 (2) and Afrika 5's 10.24/11.25
   (lettering over relief, 3) are not. Drawn: tests/terrain/test_own_ground_fill.py.
32. a line printed wide hidden where another legend line is printed over it (:data:`BRIDGES`, :func:`_bridged`): David
   Rodal's New Manchuria 1976 prints its railway as a black ladder over its grey road (#999999, 10 px of 64 px hexes)
   for hexes from Changchun, and its rivers' blue bands, each beside a black hex line, over the roads crossing them.
   The rails and ties (1-2 px) cut the road's grey into cells of 3-4 px and thin margins, no part of them ``PART``
   long, and the blue band with its hex line hides the road's grey across 7-9 px of the hex line's zone: nothing of
   the road's own colour ran through the zone (notes 7's ``solid``: the road is printed solid where marked) and its
   links there were refused (studied region 2: its 4 misses, 1722/1822 to 2022/2123). For a line printed wide (notes
   3: a marked side's band an area of its colour) with a core of its own colour where marked (wider than ``THIN``),
   read by its colour (not between rims), where the legend has other lines and the hexes' terrain is known: a pixel
   nearer another line's colour than to this line's and to every terrain read (:func:`_other_ink`: the railway's
   black, the river's blue; not the paper, nor the line's blend with it) on a straight run of such pixels - along a
   row, a column or a diagonal - with the line's own pixels at both ends, the run no longer than the line's stroke
   where marked (its half-width's full stroke), is the line passing under the other, seen on both sides of it
   straight across. Its own long parts through the zone (``solid``) are read with those pixels (only that: its
   examples' solidity, its widths and areas as before). Session 46's first form (never landed: every dark pixel
   between the line's pixels) read Roads to Gettysburg's roads, thin lines in the hex lines' own ink, through the
   hex lines and lettering (region 2: 109 -> 20 of 128); a line a pixel thin has no core to see on both sides. And
   only a line printed wide: read for every line with a core, GMT Red Winter's forest - grey trees in its main
   road's grey with darker shadows nearer its primary road's grey, on snow - joined its specks across the shadows
   and across the brown secondary road into parts through the zone (region 2, studied: road_main 16/16 at 16/16 ->
   16/16 at 16/18, O23/O24 in the forest, P24/Q23 along the secondary road); a line narrower than a fifth of the
   band shows no margin beside another line printed over it. Region 2: road 9/13 at 9/9 -> 13/13 at 13/13; on the
   whole sheet outside the blind region 3 sides more (2519/2520 under the railway across a river, 3231/3232 under a
   bold name's letter, 3232/3233 across a river into a town: each the road by eye), none dropped; whole bench
   otherwise identical; Bussaco's sheet 2 path sides more (1709/1710, 1710/1711: the road into and out of a town's
   grey block, right), Seelowe's 1 road side more (2702/2703, wrong: an airfield's grey drum in the margin's art, its
   dark shading nearer the railway's black). Drawn: tests/terrain/test_under_other_lines.py.

The map's hexside ``a/b`` for the feature then means the link from hex a to hex b.

Black lines in the ink of the hex lines, names and river centre lines (:func:`ink_crossings`; roads
and railways of a map printed in one black) are told apart by their shape, not their colour (the *ink notes*,
cited as "ink notes N"):

1. the ink (pixels within ``INK_TOLERANCE`` of the feature colour, symbols found left out) is kept
   only where it runs straight for ``LONG`` hex sizes in one of 12 directions, give or take a pixel
   across (a linear opening): names, village dots and the wiggle of river centre lines go, and the
   calibrated hex lines (a band of ``GRID_BAND`` hex sizes along every side) are then taken out, and the
   printed ones where they lie off the calibrated grid (a folded or warped sheet: :func:`_printed_sides`; two
   hex lines meeting off their corner make a path across the third side there);
2. a *double* line (two thin lines with the paper between: a main road) is the light paper lying
   between dark ink of those long lines on both sides within ``WALL`` hex sizes (not the gap between
   two rows of lettering), itself running straight for ``LONG``;
   the other long lines are *single*, each pixel with the share of dark ink around it (its width:
   a solid road is wider than a railway's thin line and its ties);
3. each feature learns from its marked example sides (``yes:``) whether it is the double line, and
   the single-line features of one ink share the widths between them: each takes the crossings whose
   width is nearer its examples' median than the other features' (cut at the mid-points); the widest
   feature's range ends as far above its median as half again its lower cut lies below (large
   lettering is wider than any road);
4. a side is crossed as in the traced method above, with the band's share of ink (not of the
   feature's pixels) deciding an area (a built-up city, large lettering), or where a line runs through
   the hex line's zone from one side to the other at 45 degrees or steeper (:func:`_through`): a line
   crossing obliquely near a corner covers the zone at no one position along the side;
5. bridges: where a line crosses a river side (an ``along`` feature found there) a box may be drawn
   over the crossing, hiding the line and its paper: the crossing's width is read beyond the box
   (``BRIDGE`` to ``BEYOND`` hex sizes from the side, on both sides, along the crossing: within ``ALONG``
   of the side's length of where the line crosses, so a city or the river's own line beside the bridge
   is not read; where one side reads wider than the widest single line's range and the other does not, the line
   runs into something there - a town dot beside the bridge - and only the other side is read), and a double line
   found on both sides of the box (within ``BOX_BEYOND``) crosses the side - where it comes nearest the side on
   each, it lies across from the side's middle half (two main roads leaving a city by a river, nearest the side at
   its end, are no road under a box);
   a double line's walls are as thin as where it is learned: the mean half-width of the ink beside its paper
   in the band across a side at most ``SAME_WIDTH`` times its examples' (median) - bold capitals printed close
   have paper between strokes too, their strokes two or three times a road's walls;
6. a double line that reaches the hex line's zone from one side, with a built-up area (a band half more
   than ``AREA`` full of ink) on the other, crosses the side: a main road runs into a city printed as a
   dense pattern (single lines are not judged so: large lettering is as dense); and one that reaches
   into the zone from one side, not showing on the other, where long lines (its walls) go on from the
   zone's edge at the same place, was broken at the side (:func:`_continued`: it leaves a town dot just
   beyond the side, whose ink fills its paper);
7. breaks: a straight single line that stops (no more of it, nor of another line, just ahead) and
   starts again ahead on its own line within ``GAP`` hex sizes, of the same width, is joined across the
   break (:func:`_bridges`): a road crossing a railway (its walls, the paper between and the room kept
   clear around a double line hide the railway there), a name or a light patch printed over it. The
   join counts for the crossing; a side's width is read from the line itself, from the join only where
   the line leaves none near the side;
8. lettering (:func:`_lettering`, read in the ink proper and in its lighter edges with the hex lines' band taken out,
   and in the ink proper as printed: where the hex lines are printed in another colour, their band cut through a
   name leaves stems and bowls unlike their neighbours, no row of letters): a printed name is a row of at least three
   parts of a letter's size,
   alike, close and not joined by ink, not pieces of the long lines (unless bold: not thin and ``LETTER_BOLD``
   inside its strokes - a large bold name's stems and bowls run as straight as a line), not hairline arcs of a
   road's wall, not mostly thin (dashes) or solid (house blocks); a single line's crossing whose line pixels in the
   band are at least ``LETTER_SHARE`` lettering (grown by a pixel) is refused: the stems of large capitals
   run straight as far as a road;
9. ends (:func:`_ended`): a line that ends at a side, nothing of it beyond, links the two hexes - a road
   drawn up to the side of a city hex whose built-up pattern does not fill it (paper or a name between its
   end and the pattern), a railway's arrow whose tip sits on the side, a road ending at a town dot printed
   on the side. It runs up to the hex line's zone, at 45 degrees or steeper, within the middle
   ``END_MIDDLE`` of the side (not past a corner into the next side), back from it as far as ``END_REACH``
   hex sizes; it is a line there, not strokes of a built-up area (its flanks along the side less than
   ``AREA`` full of the long lines); and on its own line beyond the side, on the image, the long lines show
   in ``END_INLINE`` samples in a row starting within the first ``END_AT`` beyond the zone (a line that goes on
   across the zone shows from its edge; a city's pattern past a strip of paper, even 0.1 hex of it, does not) - or
   a built-up area begins there;
   and it did not cut a corner (arriving within ``END_CORNER`` of an end of the side, with the side of its hex
   meeting this one there crossed as near that end: it went on into the third hex).
   A single line's width is read back along it beyond the band (an arrow's head is wider than its line);
   where a double line crosses or ends at the side, single lines ending there are its walls.
   Not ends: a line stopping short of the zone (at a bridge box's end, at a name), a scan cut at the side,
   and, with one single feature in the ink (nothing tells its line from other long straight ink: shading, a
   letter's stem, a house block's edge), no single line's end counts.
10. two lines apart at one side (:func:`_apart`): where single lines cross a side at two or more places along it,
   not next to each other (a railway printed beside a road, a road crossing a side a few pixels from where a
   railway crosses it), each crossing has its own width, not the side's: the median ink share of its line
   followed out from the hex line's zone on each side (moving at most one position along the side per sample,
   as a crossing line does), the thinner side's (where another line meets it beyond the side, its own side is
   the thinner), and the side is a link of every feature one of its crossings' widths falls to. A crossing
   counts so only within the side's middle ``END_MIDDLE`` (at a corner it may be the next side's) and where
   its line shows on at least ``APART_LINE`` of the samples out to the band's edge on both sides (specks, the
   pieces of a letter do not); not on river sides (a bridge box's walls cross them beside the line).
11. heads (with two or more single features in the ink): a side crossed by single lines may be crossed only because
   a line ending there meets other lines beyond it - an arrow whose head reaches over the side into a city hex whose
   pattern's strokes begin inside the band. Where a line of the crossing ends at the side by 9 (its own line not
   showing right beyond the zone; on a side it crosses a built-up area beyond is no sign, the line may run on into
   it), the side's widths are those of the lines ending there, read back along them behind the band (an arrow's
   head is wider than a road), with those of the crossings apart (10).
12. river sides (where an ``along`` feature, a river, is found): a river printed with a centre line in the ink (The
   Longest Day's blue river with its black line) meanders across the hex line it runs along, and its pieces that run
   straight for ``LONG`` cross the side with nothing else there but a city pattern or a name beyond. A single line's
   crossing of a river side counts only where its line, followed out from the hex line's zone on each side to the
   band's edge (moving at most one position along the side per sample, as in 10), shows on at least ``RIVER_OUT`` of
   the samples on both sides: a road or railway crossing the river (over a bridge box: its walls run out too) does;
   the river's own line, turning back along the side, does not. Crossings only through the zone at a slant
   (:func:`_through`) and lines ending at the side (9) are not judged so.
13. one single feature in the ink (no other width to tell it from): where its marked examples are broad (a railway
   printed as a ladder of two rails and ties), the hairline outlines of printed areas (Seelowe's field rectangles,
   each a hex or two across) run as straight and cross sides too. A crossing counts only where its line spans the
   side (the share of positions along it where the line shows on both sides of the hex line's zone: :func:`_span`)
   at least ``SPAN_SHARE`` as broadly as the narrowest marked example's: a hairline spans a pixel or two. Only where
   that example spans at least ``SPAN_BROAD`` times a 1 px hairline's ``HAIR_SPAN`` positions (Bastogne's solid
   road, 4-5 px, is not broad so: a crossing of it may show along the side as narrowly as a hairline's).
   And, there too, a crossing counts only where its line's pixels in the band are the ink proper (within
   ``DARK_TOLERANCE`` of its colour) at least ``DARK_SHARE`` as much as the narrowest marked example's
   (:func:`_dark_share`): a scan blurs a hairline into its ground, lighter than the ink, while a broad line's strokes
   keep their ink (Seelowe's field outlines, where two plots' outlines run side by side or one meets a hex line,
   span a side as broadly as its railway, but hardly a pixel of them is the ink proper).
   And, there too, a crossing counts only where its line is as thick beyond the hex line's zone as ``OUT_THICK`` of
   the thinnest marked example's (:func:`_out_thickness`: its line followed out to the band's edge on each side as in
   12, the mean count of positions along the side it shows at per sample, the thinner side's; marked sides are not
   judged, and the rule stands only where every example's line is followed so): a ladder's rail, its ties crossing
   it, shows three or four positions wide all the way out, while what spans the side broadly only at the zone - a
   field's outline meeting the hex line at a corner, the printed hex line's edge just beside the calibrated band (a
   scan off the grid by a pixel or two), a hairline under a house's dark wall, an outline ending just past the side -
   is a pixel or two wide out there, or not there (Seelowe region 1: 11 of its 12 false sides; its one railway link
   that crosses near a corner of the wye, where only the ladder's edge lies in the band, is lost with them).
14. the ink as this scan prints it: a scan has its own tone curve, and its black may read far lighter than the
   legend's colour (a faded print, a scanner's lifted black point, a lighter tone curve: MMP Bastogne's road under
   ``out = in ** 0.8`` read 134 of its 221 links). The scan's black is the median L* of its darkest ``BLACK_SHARE``
   of pixels within the grid (the ink of the lines, names and symbols); where it lies more than ``BLACK_SLACK`` above
   the legend colour's L*, the colour's L* is raised by the excess (:func:`scan_black`), and ``INK_TOLERANCE``,
   ``DARK_TOLERANCE`` and ``LIGHT`` are measured from that. Within the slack the legend's colour stands: the
   published scans' blacks (The Longest Day 1.2, Seelowe 1.7, Bastogne 11.6) lie within it of their legends' (0, 0,
   12.2), and Seelowe's JPEG black taken as its ink lost a railway link and read 6 more false ones (its one broad
   feature's ink-proper share, 13, is that near).
15. one single feature in the ink beside a line of another colour traced in its own (:func:`_darker_than_others`): a
   dark line's colour may lie within ``INK_TOLERANCE`` of the ink (Avalon Hill's Roads to Gettysburg scan: its thin
   dark-brown roads' core is some 20 Delta E from the black pike's), and every long straight stretch of it is then a
   line of the ink, with no other ink width to tell it from the lone feature (region 2: the pike on 59 sides, 52 of
   them roads). Where the other line's marked sides are crossed by the ink's long lines too, the share of those lines'
   pixels in the band that are the ink proper (``DARK_TOLERANCE``: :func:`_dark_share`, as in 13) is read there and at
   the feature's own marked sides: a black line is mostly ink proper, a thinner lighter one's darkest pixels only here
   and there (Gettysburg: the pike's examples 0.61-0.68, the road's 0.13 and 0.31). Where the two sets lie apart
   (each of the feature's above the midpoint of the two medians, each of the other's below), a crossing under the
   midpoint is the other line's, not the feature's; marked sides are never refused. The ink's width (notes 3) is not
   used for this: read with the road's marked sides as a second width, the pike's own examples fell to the road
   (the lone pike kept 2 of region 1's 8 links). The other line is one only where the ink's long lines cross more
   than half of its marked sides (its colour then within the ink's tolerance along it, as the premise says;
   Gettysburg's road 2 of 3): a user's legend for Seelowe gives its mid-grey road four marked sides, two crossed by
   something else of the ink, and read as a rival there it took 5 of the railway's 21 links.
16. the marked sides first (extract_sides, ``INK_MARKS``): a ground within ``INK_TOLERANCE`` of the ink makes every band
   the line crosses there an area of the ink (notes 4), and the ink's reading cannot find the line on it. Where the
   ink's reading misses some of a feature's own marked sides and at least one of them has its band ``AREA`` or more
   full of the ink (``areal``: the ink takes in the ground where the user marked the line), the feature is traced in
   its own colour as a coloured line is (:func:`crossings`, learned from the same marked sides), and that reading is
   kept where it finds more of them. SPI Atlantic Wall prints a solid and a dashed road in one dark brown (L* 29, taken
   for the ink) over a bocage's olive 26-40 Delta E from it: the ink found none of the solid road's 3 marked sides
   (their bands 98-99% ink) and 1 of the dashed road's 3 (region 2's legend); traced in their colour, all 6, and region
   2's dashed road 8 of 8 links (2 before) with none of the 7 false road sides. A marked side the ink misses on a clear
   ground (a dashed line whose dashes are shorter than ``LONG``; Velikie Louki's thin railway, 1-2 of 3) is left to
   the ink: traced in its colour, Louki's railway found its 3 marks but 40 sides where 15 are true. But where the ink
   finds **none** of them (extract_sides ``INK_NONE``: a dashed line on clear ground, every dash shorter than
   ``LONG``) it is traced so too, and kept where that finds more: Atlantic Wall's dashed road marked on clear ground by
   Longues (regions 1 and 4's legend: 0 of 3 in the ink). Its names printed in the road's brown crossed sides so
   (region 4: 9/9 at 9/14, the 5 false sides "Osmanville", "Isigny" and "... Maximum Range"): traced notes 20 refuses
   them (9/9 at 9/9; 9/9 at 9/10 since the walk goes over notes 18's marks: it then also goes letter to letter along
   "... Maximum Range" across 2730/2731, review40 R12). Louki's ink finds 1-2 of its railway's 3: left to the ink as
   before.
17. one single feature in the ink, its line in the ink proper (``INK_PROPER``): David Rodal's New Manchuria 1976 (a
   digital map) prints its railway as a narrow black ladder, its names in bold black capitals and its mountains as a
   photographic rock texture whose dark-brown blotches (L* 30-37, chroma 15: 35-40 Delta E from black) lie within
   ``INK_TOLERANCE`` of the ink and run as straight as a line - the railway was read on 734 sides of the sheet outside
   the blind region, 133 of them its own (it crosses 161). Three rules, each the line's own print against what else the
   ink's tolerance takes in: (a) notes 13's ink-proper share (``DARK_SHARE`` of the narrowest marked side's) is read for
   narrow marked sides too, not only broad ones (a slanted, blurred example of New Manchuria's spans a side as narrowly
   as 6 positions): the blotches are hardly ever the ink proper (570 of the sheet's 616 mountain sides so taken under a
   tenth), the railway's rails and ties mostly are; (b) solid ink (:func:`_solid`): where the ink proper lies deeper
   (:func:`_depth`) than anywhere among the marked sides' line pixels - a stroke wider than any of the line's, a bold
   name's - that stroke, grown back by the marked half-width and a pixel within the ink's tolerance, is no part of the
   line, and a side stays crossed only where the line crosses it without such ink (names over the clear, "Mongolia",
   "Changchun", "Beijing": 38 sides of the sheet); (c) where the ink's tolerance makes the band an area (its long lines
   ``AREA`` or more of it: the blotches about the railway over the rock), the line is read in the ink proper
   (:func:`_proper_crossings`): a side the long straight runs of the ink proper (solid ink out, the hex lines' band out)
   cross, not mostly lettering, is the feature's - where at least half its marked sides are crossed so (the line is
   printed in the ink proper, as the user marked it) and no line of another colour lies within the ink's tolerance
   (notes 15's premise: a dark-brown road within the ink's tolerance, crossing areas of woods, would be read so as the
   pike); an end (notes 9) is no objection there: the ink proper runs on across the side. Whole sheet outside the blind
   region: 601 sides dropped (175 with long ink-proper runs in their band, each looked at by eye: mountain sides beside
   the railway, names, none the railway's; of the 426 with none, 40 drawn at random looked at: none) and 28 taken (each
   by eye the railway over the rock or under a name): rail 734 -> 161 sides, all 161 by eye the railway's; studied
   region rail 20/22 at 20/25 -> 22/22 at 22/22. Limits: only a lone single feature with marked sides, at least half of
   them crossed by the ink proper's long runs for (c); a name's letters over an area of the ink's tolerance (the rock)
   not read as lettering, in strokes as thin as the line's, would be taken by (c). Drawn:
   tests/terrain/test_ink_proper.py.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from ..hexgrid import Grid, Hex, Hexside, Layout
from .colour import lab_table, lab_to_rgb, rgb_codes, rgb_to_lab
from .parts import components, root
from .symbols import WORK_SIZE, _dilate, _size, working_codes, working_scan

__all__ = ["crossings", "ink_crossings"]

AREA = 0.3  # a band this full of the colour (not grown) is an area, not a line
TINT_LEAST = 0.5  # a thin line resampled (its colour JPEG-smeared) mixes with its ground: at least this much line
CHROMA_LEAST = 0.5  # (traced notes 12) a thin line's chroma in a JPEG's half-resolution chroma: at least this share
PAPER_CHROMA = 10.0  # (traced notes 12) a ground this near grey (Lab chroma) is paper, which a smeared line mixes with
GREY_RIVAL = True  # (traced notes 12) a colour nearer grey (its own L*) than to the line smeared is not the line
INK_GROW = 0.08  # symbols are removed with this margin (hex sizes): their tips reach past the template
CLOSE = 0.04  # hex sizes: gaps closed to read a double line's whole width (Afrika's road: its fill 0.08 hex)
FILL_RATIO = 2.0  # between a line's edges on its own ground: its fill, if no more than this many times as far from the
#   examples' fill colour as from the ground around it (the fill printed over the ground takes on some of its hue)
LOCAL = 0.5  # hex sizes: the window whose median colour is a pixel's ground
HALO = 0.05  # hex sizes: how far JPEG rings dark beside a light line
LIGHT_OVER = 20.0  # L* above a ground: a light line printed over it (hex lines, a white road)
DASH_GROW = 0.05  # hex sizes: a traced line's mask is grown by this to close its dash gaps (traced notes 1, 13)
PART = 0.6  # hex sizes: the least reach of a part of a line's colour (dash gaps closed) that crosses a side
THICK_CAP = 0.15  # half-widths are measured up to this (hex sizes): wider is as wide as a line gets
INK_TOLERANCE = 46.0  # (black lines) Delta E from the ink colour: a thin line anti-aliased into a dark tint
DARK_TOLERANCE = 25.0  # the ink proper: the walls of a double line, the width of a single one
LONG = 0.55  # hex sizes a line runs straight (linear opening)
GRID_BAND = 0.08  # hex sizes: the band of the calibrated hex lines taken out of the lines
PRINTED_REACH = 0.15  # hex sizes: how far off its calibrated place a printed hex side is looked for
PRINTED_MIDDLE = 0.7  # share of a side's length (its middle) along which it is looked for
PRINTED_SHARE = 0.8  # share of that along which the dark ink shows at one offset: the printed side
PRINTED_SIDES = 0.5  # share of the sides that must show so: the hex lines are printed in the ink
WALL = 0.08  # hex sizes: the farthest the walls of a double line lie from its middle
LIGHT = 60.0  # L* the paper between a double line's walls lies above the ink
BEYOND = 0.9  # hex sizes: how far beyond a bridge box a line is looked for
BRIDGE = 0.5  # hex sizes: where a bridge box drawn across a river side ends, about
ALONG = 0.2  # share of a side's length either way of a crossing where the line beyond a bridge box is read
BOX_BEYOND = 1.2  # hex sizes: how far beyond a bridge box a double line is looked for (its boxes are long)
SAME_WIDTH = 1.5  # the ink shares of the two ends of a break (each line's width) differ by at most this factor
GAP = 1.2  # hex sizes: the longest break in a straight single line bridged (a crossing road, a name over it)
LETTER_MIN = 0.12  # hex sizes: the smallest printed letter (its longer extent) taken for lettering
LETTER_MAX = 1.5  # hex sizes: the largest (The Longest Day's and Bastogne's big names: 0.6-0.9 hex tall)
LETTER_STEP = 1.5  # neighbouring letters' centres lie at most this many times the smaller letter's extent apart
LETTER_ALIKE = 1.6  # the extents of neighbouring letters differ by at most this factor
LETTERS = 3  # a row of at least this many letters is lettering
LETTER_THIN = 2.5  # a part this many times longer than wide (its moments) is thin: most letters are not
LETTER_THIN_SHARE = 0.7  # a row of parts more of them thin than this is no lettering
LETTER_LINE = 0.8  # a part this much on long straight runs of the ink is a piece of a line, not a letter
LETTER_BOLD = 0.5  # ... unless it is bold: not thin, and this share of its pixels inside it (strokes ~4 px or more)
LETTER_SOLID = 0.75  # a part as solid as this (its pixels against its moments' rectangle) is no letter
LETTER_HAIR = 0.3  # hex sizes: a part this large with hardly a pixel inside it (a hairline: a road's wall) is no letter
LETTER_INSIDE = 0.15  # ... hardly: this share of its pixels with all four neighbours in the ink
LETTER_SHARE = 0.5  # a crossing whose line's ink in the band is this much lettering is none
END_MIDDLE = 0.7  # a line ending at a side arrives within this middle share of its length (not at a corner)
END_CLEAR = 0.3  # hex sizes along the side either way of a line ending at it: its flanks (not an area's strokes)
END_REACH = 0.65  # hex sizes back from the side a line ending at it goes on (its width is read there)
END_CORNER = 0.3  # a line ending this near an end of a side, its hex's next side crossed as near it: a corner cut
END_INLINE = 3  # samples in a row just beyond the zone where a line's own line shows: it goes on
END_AT = 2  # ... starting at the zone's edge or the next sample (a line going on across the zone shows from its edge)
APART_LINE = 0.8  # a line crossing a side beside another shows on this share of the band's samples either side
RIVER_OUT = 0.5  # a line crossing a river side shows on at least this share of the band's samples either side
SOLID_REACH = 2.0  # hex sizes: the least reach of a solid line's own pixels, unbroken, where it is marked
SOLID_MOVES = 2  # a solid line's own pixels run through the hex line's zone at this slope or steeper (27 degrees)
DOUBLE_WALLS = True  # (traced notes 16) a double line of walls a pixel thin: its paper between them must cross
PAPER_SHARE: float | None = 90.0  # (traced notes 16) the share of the marked sides' paper within the distance learned
PAPER_RUNS = True  # (traced notes 17) a double line's paper runs on with it, between walls that are lines
PAPER_REACH = 2.0  # (traced notes 17) hex sizes: the least reach of the part of its paper (grown) crossing a side
PAPER_THROUGH = True  # (traced notes 17) the paper runs on through a solid mass of the line's colour (a village)
MASS_THICK = 0.12  # (traced notes 17) hex sizes: a mass of the line's colour this thick the paper runs on through
WALL_REACH = 0.2  # (traced notes 17) hex sizes: the least reach of the dark part a wall lies in (a grain speck: 1-4 px)
MARKS_OVER = True  # a solid line's crossing hidden under a mark printed over it is passed over (traced notes 15)
MARKS_REACH = True  # (traced notes 15) ... and its pieces the marks cut short reach through them
MARKS_OWN = True  # (traced notes 27) ... and its own colour's short pieces count where it crosses, under the marks
OWN_ALONE = True  # (traced notes 27) ... only for a line no other line shares its colour with (within its tolerance)
CHAINS = True  # (traced notes 21) a fill between dashed rims: its short pieces in a row are its own
CHAIN_SPREAD = 0.1  # (traced notes 21) hex sizes: the most a row of pieces (grown) spreads across its length (its std)
MARKS_CUT = True  # (traced notes 18) a line broken where marked: its pieces small marks cut short reach through them
STROKES = True  # (traced notes 20) a dashed line's crossing along which its pixels run on no farther than a letter
STROKE_STEP = 0.15  # (traced notes 20) hex sizes: a step of the walk along the line's pixels from a place crossed
STROKE_ANGLE = 40.0  # (traced notes 20) degrees: each step within this of the way the walk came
STROKE_WIDE = 1.5  # (traced notes 20) a step's pixels as wide as a bar this many times the marked sides' at most
STROKE_SPAN = 0.8  # (traced notes 20) hex sizes: the walk's two ends this far apart (a name's letters less)
STROKE_COVER = 0.6  # (traced notes 20) the least share of the walk on the line's own pixels (its dashes; not paper)
STROKE_WAYS = 8  # (traced notes 20) the ways (over half a turn) a walk starts along from a place
OFF_BLENDS = True  # (traced notes 23) a thin dark line's crossing lies among the blends of its colour with its ground
BLEND_OFF = 3.0  # (traced notes 23) a*b*: a crossing's pixels this far off every blend at most (the median each side)
BLEND_EXTEND = 3.0  # (traced notes 23) the line's ink taken up to this many times beyond its colour from a ground
BLEND_CLEAR = 2  # (traced notes 23) samples beyond the hex line's zone where a crossing's hue is read clear of it (a
#   JPEG's chroma sample at half the resolution: what is printed along the hex line tints the line that far)
SPAN_SHARE = 0.3  # (one single feature) a crossing's span along the side, against its narrowest example's
HAIR_SPAN = 3  # positions along a side a 1 px hairline spans (its pixel and one either way: :func:`_span`)
SPAN_BROAD = 3.0  # ... only where the narrowest example spans at least this many times a hairline's
OUT_LINE = 0.8  # (coloured lines) a crossing's line shows on this share of the band's samples either side, if marked so
ALONG_LINE = 0.5  # ... and is refused where it does not on a side of the zone showing the colour along this share of it
DARK_SHARE = 0.3  # (one single broad feature) a crossing's ink-proper share of its line, against its example's
INK_PROPER = True  # (ink notes 17) a lone single feature's line in the ink proper, no solid ink (and notes 13's share)
SOLID_CAP = 6  # (ink notes 17) px: half-widths read up to this; marked strokes this thick or more: no solid ink
OUT_THICK = 0.6  # (one single broad feature) a crossing's line beyond the zone: this share of its thinnest example's
DARKER = 25.0  # (traced notes 10) L* below a line's colour: a darker ink, whose anti-aliased edges are not the line
OWN_SHARE = 0.5  # (traced notes 10) a part at least this much of the line's own colour takes in its pixels off it
WIDER = 2.0  # (traced notes 4) a crossing over this many times as wide as the marked sides' (upper quartile): no line
THIN = 1  # (traced notes 10) a line this thin (half-width, fine pixels) where marked: no core of its own colour
THIN_REACH = 2  # (traced notes 10) px a thin line's stroke reaches past its middle: a part no deeper than that is thin
INK_CORE = 0.03  # (traced notes 11) the darkest share of a marked side's band: a 2 px line across it is ~5% of it
LEAST_OWN = 0.1  # (traced notes 10) a thin part at least this much of the line's own colour takes in its pixels off it
PATHS = True  # (traced notes 22) a thin line's lighter stretches, nearer the hex lines' colour, traced as paths
PATH_REACH = 1.0  # (traced notes 22) hex sizes: the least reach of such a path, unbroken
PATH_SIDES = True  # (traced notes 24) such a path's pixels running along a hex side near it are the hex line's
PATH_BAND = 0.3  # (traced notes 24) hex sizes: the band about each calibrated side (0.15 either way) where they are
PATH_ALONG = 0.3  # (traced notes 24) hex sizes: the least run along the side's direction (a crossing road's is less)
PATH_TERRAINS = False  # (traced notes 24) a terrain's colour nearer such a pixel than the line's is no rival to it
PATH_VALLEY = 4.0  # (traced notes 24) L*: where a terrain's is nearer, such a pixel is that much darker than both sides
PATH_THICK = True  # (traced notes 24) the path's thinness judged without the pixels a terrain's colour lies nearer
PATH_ACROSS = 0.06  # (traced notes 24) hex sizes: how far on either side, straight across, that ground lies
ALONG_INK = True  # (traced notes 25) an 'along' line's ink in nearly this line's colour is left out of its mask
ALONG_STROKE = 1  # (traced notes 25) fine pixels eroded: an along line's stroke is at least 2 x this + 1 wide
SPECKS = True  # (traced notes 26) a line with a core of its colour: a crossing of its colour's specks is none
ON_HEX_LINES = True  # (traced notes 28) a crossing whose part lies along the hex lines, straddling the side, is none
HEX_LINES_NEAR = 0.25  # (traced notes 28) hex sizes either way of the hex lines: the part's pixels there lie along them
HEX_LINES_OFF = 0.2  # (traced notes 28) a part less than this share of it farther from them lies along them
STRADDLE = 0.5  # (traced notes 28) ... and straddles the side crossed where on both sides of it along this share of it
BRIDGES = True  # (traced notes 32) a line printed wide runs on under another legend line printed over it
FILL_DEPTHS = 2  # (traced notes 30) on its own ground a line's fill shows at this many distances out each side
PINHOLES = True  # a line printed wide: its half-widths read with the mask's single-pixel holes filled (traced notes 4)
LETTER_INK = 0.8  # the share of ink between two parts' centres above which they are pieces of one line
BLACK_SHARE = 0.005  # (black lines) the darkest share of the scan's pixels: its black, the ink as this scan prints it
RIMS = True  # (traced notes 14) a line whose colour alone misses marked sides is tried as a fill between two rims
RIM_RING = 0.03  # (traced notes 14) hex sizes about a fill's pixels where its rims lie (Next War: Korea's 1.5-2.5 px)
# (traced notes 14) hex sizes (at the finer scale) the gap between two rims may differ from the marked sides' (a
# diagonal step): 1.5 px of Next War: Korea's 80 px hexes; in px it was the same share of a hex at no other scale
RIM_SLACK = 1.5 / 80
# (traced notes 14) px: the blend a rim makes with the fill beside it - the pixel the edge between the two inks falls
# in, which averages both. It is made by the pixel grid, not by the print: the scanner's sensor averages the print
# over each pixel's footprint and a reduction averages whole pixels, so at any scan resolution or hex size the edge
# blends into one pixel (a copy enlarged by resampling spreads it over about the factor: 1.5 px at x1.5) - not a
# share of the hex (review35 C7: 2/80 of it grew to 3 px at 1.5x Next War: Korea's 80 px hexes and took 2 false trail
# links). A fill's pixel touching a rim is left out
# (it lies 1 + RIM_BLEND px clear of either) where the fill keeps as many pixels across clear of both blends as the
# two blends take: its narrowest learned gap at least 4 * RIM_BLEND px. At 0.6 of that scan's size its trail's gap
# was 2 px at one marked side and its road's 3 px: left out so, the trail kept no pixel (its rims were not kept: 21/30
# at 21/78) and the road one (21/23 from 23/23) - a fill that narrow is read whole, blends and all
RIM_BLEND = 1
RIM_DARKEST = 5.0  # (traced notes 14) the percentile of L* about the fill at a marked side that is its rims
RIM_CONTRAST = 25.0  # (traced notes 14) L* the rims lie below the fill, at least (as DARKER: a darker ink)
BLACK_SLACK = 5.0  # ... up to this L* lighter than the legend's colour, the ink is the legend's (a print's own black)



def crossings(image: Image.Image, grid: Grid, sides: Sequence[Hexside], colour: Sequence[float], tol: float,
              ink: Sequence[tuple[float, float, np.ndarray]] = (), examples: Sequence[int] = (),
              where: list[np.ndarray] | None = None, ground: np.ndarray | None = None,
              widths: list[np.ndarray] | None = None,
              art: Sequence[tuple[np.ndarray, tuple[int, int, int]]] = (),
              others: Sequence[Sequence[float]] = (),
              loose: tuple[float, Sequence[float], Sequence[Sequence[float]]] | None = None, halved: bool = False,
              solidity: list[bool] | None = None, alongs: Sequence[Sequence[float]] = ()) -> np.ndarray:
    """1.0 for each side the feature's line crosses, else 0.0 (:func:`_crossings`, the same arguments). A line
    whose colour, read alone, misses some of its marked sides is tried as a fill between two dark rims (traced
    notes 14, :func:`_rims`): where the rims so learned find every marked side, that reading is the line's."""
    args = (image, grid, sides, colour, tol, ink, examples)
    kw = dict(ground=ground, art=art, others=others, loose=loose, halved=halved, alongs=alongs)
    got_where: list[np.ndarray] = []
    got_widths: list[np.ndarray] = []
    got_solid: list[bool] = []
    read: list[_ColourRead] = []
    out = _crossings(*args, where=got_where, widths=got_widths, solidity=got_solid, keep=read,
                     **kw)  # type: ignore[arg-type]
    ex = np.asarray(examples, dtype=np.intp)
    if RIMS and len(ex) and not (out[ex] > 0).all():
        # the fill's colour alone does not find the line where the legend marks it (a grey road between two black
        # rims whose grey is also the relief's, a cream trail between dashed rims whose cream is the ground's):
        # read as the fill between two dark rims learned from the marked sides (traced notes 14)
        rims = _rims(image, grid, sides, colour, tol, examples)
        if rims is not None:
            r_where: list[np.ndarray] = []
            r_widths: list[np.ndarray] = []
            r_solid: list[bool] = []
            got = _crossings(*args, where=r_where, widths=r_widths, solidity=r_solid, rims=rims, read=read[0],
                             **kw)  # type: ignore[arg-type]
            if (got[ex] > 0).all():
                out, got_where, got_widths, got_solid = got, r_where, r_widths, r_solid
    if where is not None:
        where.extend(got_where)
    if widths is not None:
        widths.extend(got_widths)
    if solidity is not None:
        solidity.extend(got_solid)
    return out


def _crossings(image: Image.Image, grid: Grid, sides: Sequence[Hexside], colour: Sequence[float], tol: float,
               ink: Sequence[tuple[float, float, np.ndarray]] = (), examples: Sequence[int] = (),
               where: list[np.ndarray] | None = None, ground: np.ndarray | None = None,
               widths: list[np.ndarray] | None = None,
               art: Sequence[tuple[np.ndarray, tuple[int, int, int]]] = (),
               others: Sequence[Sequence[float]] = (),
               loose: tuple[float, Sequence[float], Sequence[Sequence[float]]] | None = None, halved: bool = False,
               solidity: list[bool] | None = None, rims: tuple[float, float, float, int] | None = None,
               read: _ColourRead | None = None, keep: list[_ColourRead] | None = None,
               alongs: Sequence[Sequence[float]] = ()) -> np.ndarray:
    """1.0 for each side the feature's line crosses, else 0.0. ``ink``: printed symbols to leave out,
    as (x, y) scan pixel of their centre and their template at the working scale; ``examples``: indices
    into ``sides`` of marked sides the line crosses (its width is learned from them). ``where``: a list
    given gets, for each side, the positions along it (from 6% to 94% of its length, as :func:`_bands`
    samples them) where the line crosses it. ``ground``: for each side, the L*a*b* colours of its two hexes'
    terrain (shape (sides, 2, 3); NaN where unknown): a double line's crossing whose fill lies nearer one of them
    than the examples' fill is the ground between two lines (traced notes 4). ``widths``: a list given gets, for
    each side, the half-width of the colour where it is crossed (traced notes 4; 0 where it is not). ``art``: the
    outlined parts of symbols printed in the line's colour (a mask of the scan and its origin (x0, y0, reduction)),
    left out of it (traced notes 1). ``others``: the L*a*b* colours of the legend's other lines: a mix of this line's
    colour with a ground that lies nearer one of them is not this line's tint. ``loose``: where ``tol`` was cut to
    keep the printed hex lines' colour out, the tolerance learned from the marked sides and the L*a*b* colours the
    line is told from (the hex lines', the terrains', the other lines'): off the calibrated hex lines a pixel within
    it and nearer the line's colour than to any of those counts too (traced notes 10). ``halved``: the scan's file keeps
    its chroma at half the resolution (:func:`chroma_halved`): a line without marked sides is read in its colour with
    the chroma smeared too (traced notes 12). ``solidity``: a list given gets whether the line is printed solid where
    marked (traced notes 7: every marked side crossed by its own pixels unbroken through the band). ``rims``: (the
    L* below which a pixel is a rim, the least and the most gap between two rims, fine pixels, the pixels it lies clear
    of either): the line is its colour only where it lies between two rims so (traced notes 14, :func:`_rims`).
    ``read``: the line's colour as :func:`_read_colour` read it for these arguments (not read again); ``keep``: a
    list given gets it. ``alongs``: the L*a*b* colours of the legend's ``along`` lines (printed on the sides): a pixel
    nearer one of them than this line's colour, where it lies within ``tol`` of this line's, is that line's ink, not
    this line's (traced notes 25)."""
    assert grid.layout is not None
    if read is None:
        read = _read_colour(image, grid, sides, colour, tol, examples, ground, art, others, loose, halved, alongs)
        if keep is not None:
            keep.append(read)
    f, g, lay, s, tab, fine, fcodes = read.f, read.g, read.lay, read.s, read.tab, read.fine, read.fcodes
    # copies: the reading below changes its masks in place, and the read may be read again (between rims)
    mask, fmask = read.mask.copy(), read.fmask.copy()
    extra, tint, smear = (None if a is None else a.copy() for a in (read.extra, read.tint, read.smear))
    # on a ground within the colour's tolerance (brown hills under a mid-brown track) the line is what stands
    # out from that ground, closed over its fill (traced notes 6): read at the finer scale
    # (between two rims the line stands out by them, not by its edges against the ground: traced notes 14)
    terrains = _owned_grounds(sides, ground, colour, tol) if rims is None else None
    fzone = fbetween = None
    if terrains is not None:
        flay = grid.layout.translated(-(g - 1) / 2, -(g - 1) / 2).scaled(1 / g)
        fmask, fzone, fbetween = _on_ground(fmask, fine, fcodes, flay, sides, terrains, colour,
                                            max(1, math.ceil(CLOSE * s * f / g)), s * f / g,
                                            _example_fill(fmask, fcodes, flay, sides, examples))
        ys, xs = np.nonzero(fzone.any(axis=1))[0], np.nonzero(fzone.any(axis=0))[0]
        if len(ys):
            k = f / g
            rows = slice(int(ys[0] // k), min(mask.shape[0], int(ys[-1] // k) + 1))
            cols = slice(int(xs[0] // k), min(mask.shape[1], int(xs[-1] // k) + 1))
            mask[rows, cols] = np.where(_coarse(fzone, rows, cols, k), _coarse(fmask, rows, cols, k), mask[rows, cols])
    if rims is not None:
        # a fill between two dark rims: its colour counts only between them (traced notes 14)
        between = _between_rims(tab[0][fcodes] < rims[0], rims[1], rims[2], rims[3])
        fmask &= between
        kb = f / g
        on_work = _coarse(between, slice(0, mask.shape[0]), slice(0, mask.shape[1]), kb, any_of=True)
        mask &= on_work
        if extra is not None:
            extra &= on_work
    grow = max(1, round(INK_GROW * s))
    stamps = [(x, y, _grow(np.pad(template, grow), grow)) for x, y, template in ink]
    _remove_ink(mask, f, stamps, (0.0, 0.0))
    if tint is not None:
        _remove_ink(tint, f, stamps, (0.0, 0.0))
    if smear is not None:
        _remove_ink(smear, f, stamps, (0.0, 0.0))
    cap = max(2, math.ceil(THICK_CAP * s * f / g))
    depth = _grey_dilate(_depth(fmask, cap))  # samples fall f / g fine pixels apart: none misses a stroke's middle
    marked_width = _examples_width(mask, depth, lay, sides, examples, f / g) if len(examples) else math.inf
    own_colour = mask  # the colour's own pixels, before a thin line's pixels off it are added (traced notes 23)
    if extra is not None and marked_width <= THIN:
        # a thin line's pixels off its colour where printed over another (traced notes 10): a wider one has a core
        # in its own colour, and a pale line's tolerance learned takes in the glow beside a river
        _remove_ink(extra, f, stamps, (0.0, 0.0))
        mask = mask | extra
    raw = mask
    # where the symbols were taken out, a solid line may pass under them (traced notes 7)
    under = np.ones_like(mask)
    _remove_ink(under, f, stamps, (0.0, 0.0))
    under = ~under
    # and the whole width of a double line (two edges of the colour, another between): the gaps closed
    closed = _close(fmask, max(1, math.ceil(CLOSE * s * f / g)))
    cdepth = _grey_dilate(_depth(closed, cap))
    gap = closed & ~fmask  # between a double line's edges: its fill
    dh, dw = depth.shape
    kf = f / g
    # the dash gaps closed: the mask grown by DASH_GROW of the hex size, rounded - but a line read by its colour alone
    # (no marked sides: its tolerance learned from no mixes) loses the mixed pixels at each dash's ends too, about a
    # pixel a gap at any scale, so it is grown by at least DASH_GROW (traced notes 13)
    reach = _dash_reach(s, bool(len(examples)))
    if tint is not None:
        # a thin line resampled or JPEG-saved: its pale dashes' ends, its dots between dashes, in the mix of its colour
        # with the ground (traced notes 8), within a pixel beyond the grown mask's reach of its own pixels
        near = mask
        for _ in range(reach + 1):
            near = _dilate(near)
        mask = mask | (tint & near)
    if smear is not None:
        # its luma kept, its chroma smeared into the paper's (traced notes 12): wherever it lies, not only near its own
        # pixels (a JPEG-saved thin line may have none)
        mask = mask | smear
    for _ in range(reach):
        mask = _dilate(mask)
    # the colour's own long runs, not grown (traced notes 7), and its runs reaching far
    solid_parts = _long_parts(raw | under, PART * s)
    if read.along is not None:
        # an along line's ink printed over it (hachures over a road) is passed over as the symbols are (traced notes
        # 25)
        solid_parts = _long_parts(raw | under | read.along, PART * s)
    half, core, batches = _bands(lay, sides, mask.shape)
    printed_wide = False  # a marked side's band an area of the colour: the line printed wide (traced notes 3)
    ex_batches: list[tuple[slice, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = []
    if len(examples):
        _h, _c, ex_iter = _bands(lay, [sides[i] for i in examples], mask.shape)
        ex_batches = list(ex_iter)
        printed_wide = any(((raw[yi, xi] & on).mean(axis=(1, 2)) >= AREA).any()
                           for _sl, _x, _y, xi, yi, on in ex_batches)
    # (traced notes 32) another legend line printed over a line printed wide (a railway's rails and ties along a road,
    # a river's band across it): the line's own pixels seen on both sides of it, straight across, run on under it
    crossing_parts = solid_parts
    if BRIDGES and printed_wide and others and ground is not None and rims is None and THIN < marked_width < math.inf:
        gaps = _bridged(raw, _other_ink(tab, working_codes(image, f), colour, others, ground) & ~raw,
                        max(1, round((2 * marked_width - 1) / kf)))
        if gaps.any():
            crossing_parts = _long_parts(solid_parts | raw | under | gaps, PART * s)
    # a line printed wide, cut into pieces a hex long by the hex lines printed over it, runs on across them (traced
    # notes 7); a thin one is read as before (a dashed track's dashes either side of a hex line are no longer run)
    unbroken_parts = _long_parts(solid_parts | _across_hex_lines(solid_parts, grid, lay, s) if printed_wide
                                 else solid_parts, SOLID_REACH * s)
    long_mask = _long_parts(mask, PART * s)
    cut_marks = None  # (traced notes 18) the small marks printed over the line, where read
    chained = None  # (traced notes 21) a dashed line's short pieces in a row, where read
    # broken where marked: not every marked side crossed by the line's own pixels unbroken through the band (notes 7)
    broken = bool(ex_batches) and not all(_through(unbroken_parts[yi, xi] & on, half, half - 1, SOLID_MOVES).all()
                                          for _sl, _x, _y, xi, yi, on in ex_batches)
    if MARKS_CUT and ground is not None and broken:
        # a line broken where marked (dashed, or between dashed rims) cut short by small marks printed over it (a fire
        # dot, a town's dot) reaches through them to the line: its pieces joined by them to a long part of it are the
        # line's (traced notes 18). A line solid where marked has notes 15's reach instead.
        wcodes = working_codes(image, f)
        over = _printed_over(wcodes, tab, lay, sides, ground, colour, tol, others)
        if over is not None:
            # a darker ink (DARKER, as notes 10: a name's letters) is no such mark: its anti-aliased edges are the
            # line's colour, specks beside the line; nor is a mark reaching PART on its own (another line's rims, a
            # zone's outline, a hex's fill off its terrain): it would join every speck of the colour along it
            over &= ~_hex_band(grid, lay, mask.shape, s) & (tab[0][wcodes] > colour[0] - DARKER)
            cut_marks = over & ~_long_parts(over, PART * s)
            lab, _n = components(mask | cut_marks)
            met = np.unique(lab[long_mask])
            long_mask = np.isin(lab, met[met > 0]) & mask
    if CHAINS and rims is not None and ex_batches and not any(_through(solid_parts[yi, xi] & on, half, core,
                                                                        SOLID_MOVES).any()
                                                               for _sl, _x, _y, xi, yi, on in ex_batches):
        # a fill between DASHED rims (notes 14; no run of it PART long through any marked side) is counted only where
        # both rims show a dash: where they are pale it falls into pieces of a dash or two, farther apart than the
        # grown mask closes - its short pieces in a row reaching PART together are the line (traced notes 21)
        chained = _chained(mask & ~long_mask, reach, PART * s, CHAIN_SPREAD * s)
        long_mask |= chained
    mask = long_mask
    # a line printed wide (traced notes 3) may be a screened tint: its half-widths are read with pinholes filled too
    screened = None
    if PINHOLES and printed_wide:
        screened = _grey_dilate(_depth(_filled(fmask), cap))
    thick_screened = np.zeros(len(sides), dtype=np.int32)
    run_screened = np.zeros(len(sides))
    out = np.zeros(len(sides))
    solid = np.zeros(len(sides), dtype=bool)  # the colour's own long runs go through the hex line's zone
    inner = np.zeros(len(sides), dtype=bool)  # crossed within the side's middle (not at a corner)
    unbroken = np.zeros(len(sides), dtype=bool)  # ... and on through the whole band (no dash ends in it)
    areal = np.zeros(len(sides), dtype=bool)  # crossed, the band an area of the colour
    thick = np.zeros(len(sides), dtype=np.int32)
    shown = np.zeros(len(sides), dtype=np.int32)  # the wider side's half-width (a side hidden under a mark: notes 15)
    run = np.zeros(len(sides))  # the half-width along the line's run through the band (median over distances)
    whole = np.zeros(len(sides), dtype=np.int32)
    fill = np.zeros((len(sides), 3))  # the mean colour between the edges where the line crosses
    in_row = np.zeros(len(sides), dtype=bool)  # the band holds pieces in a row (traced notes 21)
    spots: list[np.ndarray] = []
    mids: list[np.ndarray] = []  # the places along each side (x, y on the hex line) where crossed (traced notes 20)
    # (traced notes 23) a single line thin where marked, darker than its ground: how far in a*b* the colour's own pixels
    # where it crosses lie off every blend of the line with the two hexes' grounds (the median on each side of the hex
    # line's zone, the nearer side's; NaN where not judged)
    off = np.full(len(sides), np.nan)
    wcodes_ab = working_codes(image, f) if (OFF_BLENDS and rims is None and marked_width <= THIN and ground is not None
                                            and _darker_than_grounds(colour, ground, examples)
                                            and _grey_blend(colour, ground, examples)) else None
    # (traced notes 26) a line wider than THIN where marked, read by its colour (not between rims: a fill there is cut
    # into pieces at the rims' dash gaps, notes 14, 21): the reach (bounding box's diagonal, working pixels) of the part
    # of the colour's own pixels (not grown; a symbol taken out joins what touches it) each pixel lies in, and for each
    # side the longer part found where it is crossed on each side of the hex line - the shorter of the two
    reach_of = None
    if SPECKS and len(examples) and marked_width > THIN and rims is None:
        lab_own, n_own = components(raw | under)
        if n_own:
            reach_of = _part_boxes(lab_own, n_own)[3][lab_own] * (lab_own > 0)
    piece = np.zeros(len(sides))
    for sl, xs, ys, xi, yi, on in batches:
        band = mask[yi, xi] & on
        neg = _near(band[:, :, : half - core + 1].any(axis=2))
        pos = _near(band[:, :, half + core:].any(axis=2))
        at = neg & pos
        spots.append(at)
        mids.append(np.stack([xs[:, :, half], ys[:, :, half]], axis=-1))
        crossed = at.any(axis=1)
        if chained is not None:
            in_row[sl] = (chained[yi, xi] & on).any(axis=(1, 2))
        solid[sl] = _through(crossing_parts[yi, xi] & on, half, core, SOLID_MOVES)
        unbroken[sl] = _through(unbroken_parts[yi, xi] & on, half, half - 1, SOLID_MOVES)
        ta = np.linspace(0.06, 0.94, at.shape[1])
        inner[sl] = at[:, np.abs(ta - 0.5) <= END_MIDDLE / 2].any(axis=1)
        area = (raw[yi, xi] & on).mean(axis=(1, 2))
        out[sl] = crossed & (area < AREA)
        areal[sl] = crossed & (area >= AREA)
        # the half-width on each side of the hex line, near (3 positions) where the line crosses it
        fy = np.clip(np.rint(ys * kf + (kf - 1) / 2), 0, dh - 1).astype(np.intp)
        fx = np.clip(np.rint(xs * kf + (kf - 1) / 2), 0, dw - 1).astype(np.intp)
        d = np.where(on & raw[yi, xi], depth[fy, fx], 0)
        for _ in range(3):
            at = _near(at)
        if reach_of is not None:
            pz = np.where(on & raw[yi, xi] & at[:, :, None], reach_of[yi, xi], 0.0)
            piece[sl] = np.minimum(pz[:, :, : half - core + 1].max(axis=(1, 2)),
                                   pz[:, :, half + core:].max(axis=(1, 2)))
        if wcodes_ab is not None and ground is not None:
            own = on & own_colour[yi, xi] & at[:, :, None] & (out[sl] > 0)[:, None, None]
            codes_ab = wcodes_ab[yi, xi]
            ab = np.stack([tab[1][codes_ab], tab[2][codes_ab]], axis=-1)
            off[sl] = _off_blends(ab, own, half, core, colour, ground[sl])
        thick[sl] = _crossing_width(d, at, half, core)
        shown[sl] = _crossing_width(d, at, half, core, wider=True)
        # the stroke's half-width along its run: at each distance from the hex line its widest where crossed (the
        # place followed out at SOLID_MOVES positions along the side per sample across: an aslant line), the median
        # of those (a blob of the colour touching the line - trees beside a grey road - widens it at a few)
        run[sl] = _run_width(d, at, half, core)
        if screened is not None:
            d = np.where(on & raw[yi, xi], screened[fy, fx], 0)
            thick_screened[sl] = _crossing_width(d, at, half, core)
            run_screened[sl] = _run_width(d, at, half, core)
        d = np.where(on, cdepth[fy, fx], 0)
        whole[sl] = _crossing_width(d, at, half, core)
        inside = gap[fy, fx] & on & _near(at)[:, :, None]
        n = np.maximum(1, inside.sum(axis=(1, 2)))
        codes = fcodes[fy, fx]
        fill[sl] = np.stack([np.where(inside, c[codes], 0).sum(axis=(1, 2)) / n for c in tab], axis=1)
        fill[sl][~inside.any(axis=(1, 2))] = np.nan
        if fzone is not None and fbetween is not None:
            # on a ground of its own colour a line stands out as its edges, with its fill between them: a
            # single line there (a relief contour) is no crossing
            near = _near(at)[:, :, None] & on
            inzone = (fzone[fy, fx] & near).any(axis=(1, 2))
            b = fbetween[fy, fx] & near
            # and the fill runs on out from the hex line's zone: seen at FILL_DEPTHS distances from it or more on each
            # side, not a speck of the ground's lighter tone between two relief contours a sample deep (traced notes 30)
            fb = ((b[:, :, : half - core + 1].any(axis=1).sum(axis=1) >= FILL_DEPTHS)
                  & (b[:, :, half + core:].any(axis=1).sum(axis=1) >= FILL_DEPTHS))
            out[sl] = np.where(inzone & ~fb, 0.0, out[sl])
    # printed names in the line's colour (MMP Afrika's place names and hex ids in its road's dark brown):
    # a crossing whose line in the band is mostly lettering is none (traced notes 5; ink notes 8, as for black lines);
    # never a marked side: the legend says the line crosses there
    hit = np.setdiff1d(np.nonzero(out)[0], np.asarray(examples, dtype=np.intp))
    if len(hit):
        out[hit[_lettered(raw, mask, lay, [sides[k] for k in hit.tolist()], s)]] = 0.0
    ex_i = np.asarray(examples, dtype=np.intp)
    if wcodes_ab is not None and (out[ex_i] > 0).all() and not _double(thick[ex_i], whole[ex_i]):
        # a single thin line darker than its ground: a crossing whose pixels of the colour lie, on both sides of the
        # hex line, farther in a*b* from every blend of the line's colour with the two hexes' grounds than BLEND_OFF
        # (and than where marked) is another ink within its tolerance - a yellow-tan road beside a grey railway, more
        # chromatic than the grey and the cream it is printed on can be mixed to (traced notes 23); never a marked
        # side, nor one where a side shows none of the colour's own pixels or no ground is known
        hit = np.setdiff1d(np.nonzero(out)[0], ex_i)
        marked_off = off[ex_i][np.isfinite(off[ex_i])]
        bound = max(BLEND_OFF, float(marked_off.max()) + BLEND_OFF / 2) if len(marked_off) else BLEND_OFF
        out[hit[np.isfinite(off[hit]) & (off[hit] > bound)]] = 0.0
    # a marked side crossed where the band is mostly the colour, its own pixels running unbroken through it, is
    # the line printed wide (a road band a third of the hex), not an area: it is learned from (traced notes 3)
    wide = [i for i in examples if not out[i] and areal[i] and solid[i] and unbroken[i]]
    if wide and screened is not None:
        # read with the pinholes filled: the half-width near the crossing and the one along the run (traced notes 4, 7)
        thick, run = thick_screened, run_screened
    learn = [i for i in examples if out[i] or i in wide] or np.nonzero(out)[0].tolist()
    printed_solid = bool(learn and len(learn) == len(examples) and unbroken[learn].all())
    if solidity is not None:
        solidity.append(printed_solid)
    hit = np.setdiff1d(np.nonzero(out)[0], np.asarray(examples, dtype=np.intp))
    dashes = [i for i in examples if out[i]]
    if STROKES and len(hit) and dashes and not solid[dashes].any():
        # printed in dashes where marked (no run of its own pixels PART long through any marked side crossed): a
        # name's letters in its colour, no row of letters above, are told from its dashes by walking along its
        # pixels from the place crossed - a line's run on, dash after dash, round its bends; a name's stop within a
        # letter (traced notes 20). A line solid where marked is left alone (MMP Afrika's double-line roads: their
        # edges fork and bend at the crossings, long runs all the same).
        places, points = np.concatenate(spots), np.concatenate(mids)
        gap = 2 * _dash_reach(s, True) + 1  # the dash gaps the grown mask closes
        ex_reach, ex_width = _runs_on(raw, places[dashes], points[dashes], s, gap, math.inf, cut_marks)
        if (ex_reach >= STROKE_SPAN * s).all():
            # (where every marked side's walk runs on so: a dotted line's dots are more paper than print)
            reach_hit, _w = _runs_on(raw, places[hit], points[hit], s, gap,
                                     STROKE_WIDE * max(1.0, float(ex_width.max())), cut_marks)
            again = (reach_hit < STROKE_SPAN * s) & in_row[hit]
            if again.any():
                # where pieces in a row cross (traced notes 21) the walk steps over the gaps that joined them: twice
                # the grown mask's
                reach_hit[again] = _runs_on(raw, places[hit[again]], points[hit[again]], s, 2 * gap - 1,
                                            STROKE_WIDE * max(1.0, float(ex_width.max())), cut_marks)[0]
            out[hit[reach_hit < STROKE_SPAN * s]] = 0.0
    if printed_solid:
        # printed solid where marked: a crossing only grown together (specks of the colour, trees, the blend
        # along an edge between two fills) is none; at a corner the line may leave the band: not judged
        hidden = np.nonzero((out > 0) & inner & ~solid)[0]
        if len(hidden) and ground is not None and MARKS_OVER:
            # but a mark printed over the line where it crosses is passed over, as the symbols are (traced notes 15)
            codes = working_codes(image, f)
            parts = solid_parts
            if MARKS_REACH:
                # the line's own pieces the marks cut shorter than PART (a fire dot on the side, a zone's outline a
                # third of a hex on) reach as far as the marks they run into: measured through them, not the hex
                # lines (traced notes 15)
                # (review37 C5: read only within PART of the hidden sides' bands, where _through_marks reads them)
                near = _about_bands(lay, [sides[k] for k in hidden.tolist()], mask.shape, math.ceil(PART * s))
                over = _printed_over(codes, tab, lay, sides, ground, colour, tol, others, near)
                if over is not None:
                    own = raw | under
                    parts = _long_parts(own & near | (over & ~_hex_band(grid, lay, mask.shape, s)), PART * s,
                                        cut=near & ~_eroded(near)) & own
            # (traced notes 27) and its own colour's pieces count where it crosses, however short - unless another
            # line shares its colour (within its tolerance): a short piece of it may be that line's dash
            alone = not OWN_ALONE or all(
                float(np.sqrt(((np.asarray(o, np.float64) - np.asarray(colour, np.float64)) ** 2).sum())) >= tol
                for o in others)
            passed = _through_marks(parts, codes, tab, lay, [sides[k] for k in hidden.tolist()], ground[hidden],
                                    colour, tol, others, *((raw, np.concatenate(spots)[hidden]) if MARKS_OWN and alone
                                                           else (None, None)))
            solid[hidden] = passed
            # its width is what shows beside the mark, on the side it does not hide
            thick[hidden[passed]] = shown[hidden[passed]]
        out[inner & ~solid] = 0.0
        # and a band full of it where its own pixels run through no thicker than where marked (along the run: trees
        # of its tone touching it widen it at a few distances only) is the line itself (two ways of it at a junction,
        # its bridge's art), not an area
        back = np.nonzero(areal & solid & (run <= float(np.percentile(run[learn], 75)) + 1))[0]
        if len(back):
            back = back[~_lettered(raw, mask, lay, [sides[k] for k in back.tolist()], s)]
            out[back] = 1.0
    marked = np.array([i for i in examples if out[i] or i in wide], dtype=np.intp)
    if len(marked):
        # a line that runs out of the band on both sides where marked runs out wherever it crosses: a crossing whose
        # line, followed out from the hex line's zone, stops short on a side where the colour runs along the side (a
        # wadi's outlines, a relief line or the track beside the hex line) is none, and so is one stopping short on both
        # sides, lying in the hex line's zone (a county border printed along the hex lines in a railway's red) (traced
        # notes 9); a line running into a symbol, taken out of it, runs on under it
        side_ends = _ends(lay, sides)
        hit = np.nonzero(out)[0]
        if len(hit) and _runs_out(mask | under, lay, sides, side_ends, marked, OUT_LINE).all():
            out[hit[_runs_along(mask | under, lay, sides, side_ends, hit)]] = 0.0
            if ON_HEX_LINES:
                # and one whose part of the colour about the place crossed lies along the hex lines - within a
                # quarter hex of them nearly all of it - and straddles the side crossed, showing on both sides of its
                # zone along half its length or more, is a line drawn along the hexsides from corner to corner over
                # the hex line (MMP Afrika's wadis, outlined in its track's brown, wider than the hex line's zone), not
                # one from hex to hex; a line crossing near a corner and running on beside the next hex line lies in
                # one hex, showing on both sides of the side crossed only where it crosses; never a marked side
                # (traced notes 28)
                hit = np.setdiff1d(np.nonzero(out)[0], np.asarray(examples, dtype=np.intp))
                if len(hit):
                    out[hit[_on_hex_lines(mask | under, grid, lay, sides, side_ends, hit, s)]] = 0.0
    if learn:
        typical = float(np.percentile(thick[learn], 75))
        need = min(typical - 1, math.ceil(typical / 2))
        out[thick < need] = 0.0
        if reach_of is not None and not printed_solid and solid[learn].any():
            # a line with a core of its own colour where marked (wider than THIN: not a hairline read by its pixels off
            # it, notes 10), solid at some marked side (its own pixels through the hex line's zone: not printed in
            # dashes, whose dash may end just past the hex line - notes 20 walks those) but not at all of them (the hex
            # lines printed over it: notes 7's test of a line printed solid where marked, and notes 15's reach through
            # marks, are not read) runs on where it crosses: a crossing whose colour on one side of the hex line is
            # specks only - each part reaching no farther than the line is wide where marked, grown together by the
            # dash gaps' closing (a river's pale halo in a road's tan; a chart's tint) - is none; never a marked side
            # (traced notes 26)
            specks = piece * kf < 2 * marked_width
            specks[np.asarray(examples, dtype=np.intp)] = False
            out[specks] = 0.0
        if len(marked) and typical >= 1:
            # a line is a stroke of one width: a crossing over twice as wide as where marked is the edge of an area of
            # its colour (a mountain's wash grading through a railway's red-brown), not the line (traced notes 4)
            broad = thick > WIDER * typical
            broad[marked] = False
            out[broad] = 0.0
        across = float(np.percentile(whole[learn], 75))
        if across >= 2 * typical + 1 and typical > 0:
            # a double line: as wide across, edges and all, as where it is learned, give or take a pixel (not a line
            # with no stroke of its own colour learned: a thin line in a JPEG, read in its smeared colour, notes 12;
            # Battle for Moscow's railway at quality 50, taken so, lost 60 of its 72 links)
            out[np.abs(whole - across) > 1] = 0.0
            # and filled as where it is learned: its fill within the colour's tolerance of theirs
            known = [i for i in learn if np.isfinite(fill[i]).all()]
            if known:
                off = np.sqrt(((fill - np.median(fill[known], axis=0)) ** 2).sum(axis=1))
                out[~(off <= tol)] = 0.0
                if ground is not None:
                    # two lines of its edge colour with the ground between (relief lines, a track's edges on
                    # brown hills): the fill nearer the ground of either hex than to the examples' fill
                    bare = _bare(fill, ground, off)
                    if not bare[known].any():
                        out[bare] = 0.0
        elif DOUBLE_WALLS and len(examples) and len(marked) == len(examples) and typical <= THIN:
            # two walls a pixel thin with the paper between (traced notes 16): the whole width above cannot tell them
            # (half-widths of 0-1 px); the paper between two walls so far apart as where marked must run through
            flay = grid.layout.translated(-(g - 1) / 2, -(g - 1) / 2).scaled(1 / g)
            ex = [sides[i] for i in examples]
            # read about the marked sides first: the whole image only where each is walled (review36 R7). First as a
            # line runs on (traced notes 17): walls that are lines, the paper's part reaching PAPER_REACH; where the
            # marked sides do not show that, as notes 16 alone (any walls, parts reaching PART)
            for lined in (True, False) if PAPER_RUNS else (False,):
                paper = _paper_between(fcodes, tab, fmask, colour, tol, flay, ex, s * f / g, lined
                                       ) if _walled_where_marked(fcodes, tab, fmask, colour, tol, flay, ex, s * f / g,
                                                                 lay, mask.shape, kf, reach, lined) else None
                if paper is None:
                    continue
                pw = _coarse(paper, slice(0, mask.shape[0]), slice(0, mask.shape[1]), kf, any_of=True)
                for _ in range(reach):
                    pw = _dilate(pw)
                if lined and PAPER_THROUGH:
                    # the paper runs on through a solid mass of the line's colour it meets (a village's square printed
                    # on the road, a junction's knot): masses MASS_THICK thick or more (a wall is a pixel), grown to
                    # meet the paper, join its parts before their reach is measured; two villages on neighbouring
                    # hexes left the paper between them under PAPER_REACH, and the true link lost (review38 L1)
                    n = max(2, round(MASS_THICK * s / 2))
                    parts = _long_parts(pw | _grow(~_grow(~raw, n), reach + 1), PAPER_REACH * s) & pw
                else:
                    parts = _long_parts(pw, (PAPER_REACH if lined else PART) * s)
                if _crossed_through(parts, lay, ex).all():
                    # the other sides read where crossed only: a side not crossed stays so
                    hit = np.setdiff1d(np.nonzero(out)[0], marked)
                    if len(hit):
                        out[hit[~_crossed_through(parts, lay, [sides[k] for k in hit.tolist()])]] = 0.0
                    break
    if where is not None:
        where.append(np.concatenate(spots) if spots else np.zeros((0, 0), dtype=bool))
    if widths is not None:
        widths.append(thick)
    return out


class _ColourRead(NamedTuple):
    """A traced line's colour read on the scan (:func:`_read_colour`), before its own ground or rims are read."""
    f: int  # the working scale's reduction
    g: int  # the finer scale's
    lay: Layout  # the layout at the working scale
    s: float  # the hex size at the working scale
    tab: np.ndarray  # lab_table()
    mask: np.ndarray  # the line's colour at the working scale
    extra: np.ndarray | None  # ... within the tolerance learned, off the hex lines (traced notes 10)
    tint: np.ndarray | None  # its tints (traced notes 8)
    smear: np.ndarray | None  # its colour with the chroma smeared (traced notes 12)
    fine: Image.Image  # the scan at the finer scale
    fcodes: np.ndarray  # its colour codes
    fmask: np.ndarray  # the line's colour there
    along: np.ndarray | None = None  # the along lines' ink left out of it at the working scale (traced notes 25)


def _read_colour(image: Image.Image, grid: Grid, sides: Sequence[Hexside], colour: Sequence[float], tol: float,
                 examples: Sequence[int], ground: np.ndarray | None,
                 art: Sequence[tuple[np.ndarray, tuple[int, int, int]]], others: Sequence[Sequence[float]],
                 loose: tuple[float, Sequence[float], Sequence[Sequence[float]]] | None, halved: bool,
                 alongs: Sequence[Sequence[float]] = ()) -> _ColourRead:
    """The line's colour on the scan at the working and the finer scale, the first step of :func:`_crossings` (its
    arguments): read once where the line is read twice (its colour alone, then between rims: traced notes 14)."""
    assert grid.layout is not None
    size = _size(grid.layout)
    f = max(1, round(size / WORK_SIZE))
    lay = grid.layout.translated(-(f - 1) / 2, -(f - 1) / 2).scaled(1 / f)
    s = _size(lay)
    tab = lab_table()
    dtab = np.sqrt(((tab - np.asarray(colour, np.float32)[:, None]) ** 2).sum(axis=0))
    lut = dtab < tol
    wcodes = working_codes(image, f)  # reduced and coded once a run, for every line and the marks (review C8)
    mask = lut[wcodes]
    # a thin line printed over another colour (a road, a river's halo) and JPEG-smeared into it lies farther from its
    # colour than the tolerance cut to keep the hex lines out: off the calibrated hex lines, within the tolerance
    # learned and nearer its colour than the hex lines', it counts too (traced notes 10)
    extra = None
    if loose is not None and len(examples):
        ltol, hex_colour, rivals = loose
        off_grid = ~_hex_band(grid, lay, mask.shape, s)
        # a line whose own ink at its marked sides lies beyond the tolerance from its colour learned: that colour is
        # its blend with the ground, and the hex lines' colour - that ink blended less - is no sign against a
        # pixel; they stay out by their place only (traced notes 11)
        ink_core = _ink_core(wcodes, tab, lay, [sides[i] for i in examples], off_grid)
        blended = ink_core is not None and float(np.sqrt(((ink_core - np.asarray(colour)) ** 2).sum())) > ltol
        near_lut = dtab < ltol
        for c in ([] if blended else [hex_colour]) + list(rivals):
            if np.isfinite(np.asarray(c, np.float64)).all():
                near_lut &= dtab < np.sqrt(((tab - np.asarray(c, np.float32)[:, None]) ** 2).sum(axis=0))
        extra = near_lut[wcodes] & ~mask & off_grid
        # and not the light edge of a darker ink (lettering, a coastline, a city's houses), anti-aliased into the paper;
        # darker than a blended line's own ink, not its colour learned: its ink is the core its edges blend from
        dark_l = float(ink_core[0]) if blended and ink_core is not None else float(colour[0])
        extra &= ~_dilate((tab[0] < dark_l - DARKER)[wcodes])
        # and a piece of the line, not a texture of greys as near its colour (a city's houses): the part it joins,
        # grown as the mask is below, is mostly of the line's own colour
        g = max(1, round(0.05 * s))
        grown = _grow(mask | extra, g)
        parts, n = components(grown)
        own = np.bincount(parts[mask], minlength=n + 1)
        off = np.bincount(parts[extra], minlength=n + 1)
        keep = (own >= OWN_SHARE * (own + off))[parts]
        # or, where the line runs over a road or a halo for a hex or more, its part is mostly of such pixels: they
        # count there too where the part is as thin as a line (no place left by eroding it THIN_REACH px more than it
        # was grown, nor within that reach and the growth of one: a city's houses or a marsh's tufts grown together,
        # and their fringe) and holds at least LEAST_OWN of the line's own colour (not another grey line)
        deep = grown
        for _ in range(g + THIN_REACH):
            deep = ~_dilate(~deep)
        keep |= ~_grow(deep, 2 * g + THIN_REACH) & (own > LEAST_OWN * (own + off))[parts]
        extra &= keep
        if PATHS and not blended:
            # (traced notes 22) a lighter stretch of the line, within the tolerance learned but nearer the hex lines'
            # colour than its own (notes 10 leaves it out): off the hex lines it counts where it makes a path - as
            # thin as a line, unbroken over PATH_REACH hex sizes or more
            far = dtab < ltol
            # (traced notes 24) nearer the line's colour than every other line's; a terrain's colour is no rival here
            # (an area: the path's shape refuses it), unless PATH_TERRAINS
            for c in list(others):
                if np.isfinite(np.asarray(c, np.float64)).all():
                    far &= dtab < np.sqrt(((tab - np.asarray(c, np.float32)[:, None]) ** 2).sum(axis=0))
            strict = far.copy()
            for c in list(rivals):
                if np.isfinite(np.asarray(c, np.float64)).all():
                    strict &= dtab < np.sqrt(((tab - np.asarray(c, np.float32)[:, None]) ** 2).sum(axis=0))
            if PATH_TERRAINS:
                far = strict
            cand = far[wcodes]
            if PATH_VALLEY and not PATH_TERRAINS:
                # (traced notes 24) but a pixel a terrain's colour lies nearer is the line's only where it is a stroke
                # darker than the ground on both sides of it, straight across: the edge between two terrains (a woods
                # blob's on the paper) blends into the line's colour too, and is darker on one side only
                cand &= strict[wcodes] | _valley(tab[0][wcodes], max(1, round(PATH_ACROSS * s)), PATH_VALLEY)
            cand &= ~mask & ~extra & off_grid & ~_dilate((tab[0] < dark_l - DARKER)[wcodes])
            # as thin as the line: no pixel of it left by one erosion (a stroke of 3 px or more: the hex lines, a
            # letter's stroke, a woods blob) nor beside one - judged before the hex lines' runs are taken out below
            # (notes 24: out of an area they would leave strips as thin as a line)
            # (traced notes 24) judged on the pixels no terrain's colour lies nearer: the pixels a terrain's colour
            # lies nearer but which make a stroke (above) do not thicken a path beside the line's own pixels
            thick = _grow(_eroded(mask | extra | (cand & strict[wcodes] if PATH_THICK else cand)), 2)
            runs = _along_sides(cand, grid, lay, s, PATH_BAND * s, PATH_ALONG * s) if PATH_SIDES else []
            for run, _th in runs:
                # (traced notes 24) and not a hex line printed off its calibrated place: a run along a side's own
                # direction within PATH_BAND of it
                cand &= ~run
            # (traced notes 24) but where the line crosses such a hex line it goes on straight across it: the run's
            # pixels there are the line's (it shows on both sides within the run's band and the calibrated band
            # beside it, which notes 7's reading passes)
            line = mask | extra | cand
            for run, th in runs:
                cand |= run & _both_across(line, th, math.ceil((PATH_BAND / 2 + GRID_BAND) * s))
            both = mask | extra | cand
            # on a part reaching PATH_REACH hex sizes, unbroken
            path = both & ~thick
            extra |= cand & _long_parts(path, PATH_REACH * s) & ~thick
    # a line without marked sides is read by the legend's colour (or the best matches of it: the unmixed core of a thin
    # line): its mixes with the ground count for it too (traced notes 8); with marked sides its colour and tolerance
    # are learned from its pixels as scanned, mixes and all
    tint = _tints(colour, tol, ground, others)[wcodes] & ~mask if ground is not None and not examples else None
    # and in a JPEG its chroma is stored at half the resolution: a line thinner than that keeps its luma, its chroma
    # half mixed into the paper's beside it, and may have no pixel of its own colour left (traced notes 12)
    smear = _smears(colour, tol, ground, others)[wcodes] & ~mask if ground is not None and not examples and halved \
        else None
    for parts, origin in art:
        mask &= ~_on_parts(parts, origin, mask.shape, f)
        if tint is not None:
            tint &= ~_on_parts(parts, origin, mask.shape, f)
        if smear is not None:
            smear &= ~_on_parts(parts, origin, mask.shape, f)
        if extra is not None:
            extra &= ~_on_parts(parts, origin, mask.shape, f)
    # half-widths at twice the working scale (hex lines and JPEG make the working scale's too coarse)
    g = max(1, f // 2)
    fine, fcodes = working_scan(image, g)  # reduced and coded once a run, for every line (review C8, review35 C4)
    fmask = lut[fcodes]
    if ALONG_INK and alongs:
        # (traced notes 25) an 'along' line printed in nearly this line's colour: its strokes are its ink, not this
        # line's (its line on the side, its hachures)
        flay = grid.layout.translated(-(g - 1) / 2, -(g - 1) / 2).scaled(1 / g)
        theirs = _along_ink(fcodes, tab, dtab, lut, colour, tol, alongs,
                            lambda: _hex_band(grid, flay, fcodes.shape, s * f / g))
        if theirs is not None:
            fmask &= ~theirs
            on_work = _coarse(theirs, slice(0, mask.shape[0]), slice(0, mask.shape[1]), f / g, any_of=True)
            mask &= ~on_work
            extra, tint, smear = (None if a is None else a & ~on_work for a in (extra, tint, smear))
            return _ColourRead(f, g, lay, s, tab, mask, extra, tint, smear, fine, fcodes, fmask, on_work)
    return _ColourRead(f, g, lay, s, tab, mask, extra, tint, smear, fine, fcodes, fmask)


def _along_ink(fcodes: np.ndarray, tab: np.ndarray, dtab: np.ndarray, lut: np.ndarray, colour: Sequence[float],
               tol: float, alongs: Sequence[Sequence[float]], band: Callable[[], np.ndarray]) -> np.ndarray | None:
    """(traced notes 25) The ink of the ``along`` lines (L*a*b* ``alongs``) printed within ``tol`` of this line's
    ``colour``, at the finer scale (``fcodes``; ``dtab``, ``lut``: every colour code's distance from ``colour`` and
    whether it lies within ``tol``): their strokes - the pixels within ``tol`` nearer an along line's colour than this
    line's, opened by ``ALONG_STROKE`` (a stroke that wide or wider, not this line's own anti-aliased edge), in parts
    reaching out of the calibrated hex lines' band (``band()``: at the finer scale; a hex line printed over this line
    blends with it into such a stroke, lying in the band) - and the pixel about them (their blend with the ground).
    None where no along line's colour lies within ``tol`` of this line's, or no such stroke is printed."""
    theirs = np.zeros_like(lut)
    near = False
    for c in alongs:
        ca = np.asarray(c, np.float32)
        if np.isfinite(ca).all() and float(np.sqrt(((ca - np.asarray(colour, np.float32)) ** 2).sum())) < tol:
            near = True
            theirs |= lut & (dtab > np.sqrt(((tab - ca[:, None]) ** 2).sum(axis=0)))
    if not near:
        return None
    m = theirs[fcodes]
    for _ in range(ALONG_STROKE):
        m = _eroded(m)
    # not the calibrated hex lines (as this line's reading leaves them out: notes 10, 24): a hex line printed over this
    # line blends with it into a stroke of an along line's colour lying within their band; an along line's stroke
    # reaches out of it (a slope's line on the side is wider than the band, its hachures run off it)
    parts, n = components(m)
    if not n:
        return None
    off = np.bincount(parts[m & ~_grow(band(), ALONG_STROKE)], minlength=n + 1) > 0
    off[0] = False
    return _grow(off[parts], ALONG_STROKE + 1)


def _rim_gaps(dark: np.ndarray, most: float, clear: int = 1) -> np.ndarray:
    """For each pixel off ``dark``: the narrowest run of pixels off it between two of its pixels, along a row, a
    column or a diagonal (in px: a diagonal's steps count sqrt 2), up to ``most`` px, the pixel at least ``clear``
    px from either end; ``inf`` where none is. Read from the dark pixels alone, in order along each line: two
    that follow each other with a run between (no image edge) give that run's pixels its length - the pixels
    off ``dark`` are never searched step by step (at the finer scale of a 160 px hex scan, 9 M pixels, that
    search took 0.75 s a call)."""
    h, w = dark.shape
    best = np.full(h * w, np.inf, np.float32)
    # a dark pixel with every pixel about it dark ends no run (nor does one beyond the image): the runs are read
    # from the others, each with the pixel after it along the line off dark
    ys, xs = np.nonzero(dark & _dilate(~dark))
    at = ys * w + xs
    if len(at) < 2:
        return best.reshape(h, w)
    off = ~dark.reshape(-1)
    # each direction's lines: the dark pixels sorted by line (stable: along each line by row, or by column along a
    # row) and a step along the line in the flat image
    key_type = np.int16 if h + w < np.iinfo(np.int16).max else np.int64  # an int16 key is sorted by radix
    for dy, dx, stride in ((0, 1, 1), (1, 0, w), (1, 1, w + 1), (1, -1, w - 1)):
        step = math.hypot(dy, dx)
        cap = int(most / step)
        if cap < 1:
            continue
        if dy == 0:
            line, place, flat = ys, xs, at
        else:
            line = xs if dx == 0 else (xs - ys + h if dx == 1 else xs + ys)
            order = np.argsort(line.astype(key_type), kind="stable")
            line, place, flat = line[order], ys[order], at[order]
        run = np.diff(place) - 1
        # a pixel j steps after the dark pixel before it has run + 1 - j to the next: both within cap, so a run
        # longer than 2 cap holds none
        sel = (run >= 1) & (run <= 2 * cap) & (line[1:] == line[:-1])
        sel &= off[np.minimum(flat[:-1] + stride, h * w - 1)]
        start, run = flat[:-1][sel], run[sel]
        for n in np.unique(run).tolist():
            gap = (np.array([n]).astype(np.float32) * step)[0]
            if not gap <= most:
                continue
            first = start[run == n]
            for j in range(max(1, clear, n + 1 - cap), min(n, cap, n + 1 - clear) + 1):
                px = first + j * stride
                best[px] = np.minimum(best[px], gap)
    return best.reshape(h, w)


def _between_rims(dark: np.ndarray, lo: float, hi: float, clear: int = 1) -> np.ndarray:
    """The pixels between two ``dark`` rims ``lo`` to ``hi`` px apart (:func:`_rim_gaps`)."""
    gaps = _rim_gaps(dark, hi, clear)
    return (gaps >= lo) & (gaps <= hi)


def _rims(image: Image.Image, grid: Grid, sides: Sequence[Hexside], colour: Sequence[float], tol: float,
          examples: Sequence[int]) -> tuple[float, float, float, int] | None:
    """A line printed as a fill of its colour between two dark rims (traced notes 14), learned from its marked sides
    at the finer scale: (the L* below which a pixel is a rim, the least and the most gap between the rims, fine px,
    the px a fill's pixel lies clear of either rim), or None where its marked sides show no such rims."""
    assert grid.layout is not None
    size = _size(grid.layout)
    f = max(1, round(size / WORK_SIZE))
    g = max(1, f // 2)
    ex = [sides[i] for i in examples]
    pts = np.array([p for sd in ex for p in grid.layout.hexside_endpoints(sd)], dtype=np.float64).reshape(-1, 2)
    x0, y0 = max(0, int(pts[:, 0].min() - size)), max(0, int(pts[:, 1].min() - size))
    x1, y1 = min(image.width, int(pts[:, 0].max() + size) + 1), min(image.height, int(pts[:, 1].max() + size) + 1)
    crop = image.crop((x0, y0, max(x0 + 1, x1), max(y0 + 1, y1)))
    fine = crop.reduce(g) if g > 1 else crop
    flay = grid.layout.translated(-x0, -y0).translated(-(g - 1) / 2, -(g - 1) / 2).scaled(1 / g)
    s = _size(flay)
    tab = lab_table()
    codes = rgb_codes(np.asarray(fine.convert("RGB")))
    light = tab[0][codes]
    dtab = np.sqrt(((tab - np.asarray(colour, np.float32)[:, None]) ** 2).sum(axis=0))
    own = (dtab < tol)[codes]
    ring = _grow(own, max(1, math.ceil(RIM_RING * s))) & ~own
    half, core, batches = _bands(flay, ex, own.shape)
    off = np.abs(np.arange(-half, half + 1)) > core  # off the hex line's zone
    rim_l = []
    for _sl, _xs, _ys, xi, yi, on in batches:
        for j in range(len(xi)):
            keep = on[j] & off[None, :] & ring[yi[j], xi[j]]
            if keep.any():
                rim_l.append(float(np.percentile(light[yi[j], xi[j]][keep], RIM_DARKEST)))
    if len(rim_l) < len(ex):
        return None
    dark_l = float(np.median(rim_l))
    if colour[0] - dark_l < RIM_CONTRAST:
        return None
    cut = (float(colour[0]) + dark_l) / 2
    gaps = _rim_gaps(light < cut, 2 * WALL * s)
    half, core, batches = _bands(flay, ex, own.shape)
    modes = []
    for _sl, _xs, _ys, xi, yi, on in batches:
        for j in range(len(xi)):
            v = gaps[yi[j], xi[j]][on[j] & off[None, :] & own[yi[j], xi[j]]]
            v = np.rint(v[np.isfinite(v)]).astype(np.intp)
            if not len(v):
                return None
            # the fill is one width: its many pixels share one gap between the rims, the ground's scatter
            modes.append(int(np.bincount(v).argmax()))
    slack = RIM_SLACK * s
    clear = 1 + RIM_BLEND if min(modes) >= 4 * RIM_BLEND else 1
    return cut, min(modes) - slack, max(modes) + slack, clear


def _paper_between(codes: np.ndarray, tab: np.ndarray, own: np.ndarray, colour: Sequence[float], tol: float,
                   flay: Layout, ex: Sequence[Hexside], s: float, lined: bool = False) -> np.ndarray | None:
    """A double line of two thin walls of its colour with the paper between (traced notes 16), learned from its marked
    sides ``ex`` at the finer scale (``codes``: the colour codes there, ``tab``: lab_table(), ``own``: the line's colour
    there, ``flay`` its layout, ``s`` its hex size): the pixels lighter than the line (L* above its colour's by more
    than ``tol``) lying between two pixels as dark as it or darker, as far apart as where marked (the most common gap
    of each marked side's paper within ``WALL`` of its own pixels, from the least to the most of those, give or take
    ``RIM_SLACK``), of the paper's colour as there (within the distance from their median that ``PAPER_SHARE`` of them
    lie); None where a marked side shows none. ``lined``: the walls are lines, parts of the dark reaching ``WALL_REACH``
    (traced notes 17)."""
    half, core, batches = _bands(flay, ex, codes.shape)
    samples = [(yi[j], xi[j], on[j]) for _sl, _xs, _ys, xi, yi, on in batches for j in range(len(xi))]
    got = _papers([(codes, own, samples)], tab, colour, tol, half, core, s, lined)
    return None if got is None else got[0]


def _papers(views: Sequence[tuple[np.ndarray, np.ndarray, Sequence[tuple[np.ndarray, np.ndarray, np.ndarray]]]],
            tab: np.ndarray, colour: Sequence[float], tol: float, half: int, core: int, s: float, lined: bool = False,
            windows: bool = False) -> list[np.ndarray] | None:
    """:func:`_paper_between` on ``views`` of the finer scale - the whole of it, or windows about the marked sides
    (:func:`_walled_where_marked`) - each (its colour codes, the line's colour, and each marked side's band samples in
    it: rows, columns and whether on the image, as :func:`_bands` gives them, ``half`` and ``core`` its half-widths):
    the paper between the walls in each view, learned from every view's samples together; None where a marked side
    shows none. ``lined``: only the dark parts reaching ``WALL_REACH`` are walls (traced notes 17; ``windows``: the
    views are windows of the image, a part touching a window's edge taken as long)."""
    off = np.abs(np.arange(-half, half + 1)) > core  # off the hex line's zone
    most = 2 * WALL * s
    read = []
    modes = []
    for codes, own, samples in views:
        walls = tab[0][codes] <= float(colour[0]) + tol
        if lined:
            # a wall is a line, not a speck: the grain of a fill in the line's grey (a level-1 or marsh fill's specks,
            # 1-4 px) holds paper between its specks too, and grown together that paper crosses every side of the
            # fill (traced notes 17)
            walls = _long_parts(walls, WALL_REACH * s, edge=windows)
        gaps = _rim_gaps(walls, most)
        near = _grow(own, max(1, math.ceil(WALL * s)))
        for yi, xi, on in samples:
            v = gaps[yi, xi][on & off[None, :] & near[yi, xi] & ~walls[yi, xi]]
            v = np.rint(v[np.isfinite(v)]).astype(np.intp)
            if not len(v):
                return None
            modes.append(int(np.bincount(v).argmax()))
        read.append((gaps, near))
    slack = RIM_SLACK * s
    between = [(gaps >= min(modes) - slack) & (gaps <= max(modes) + slack) for gaps, _near in read]
    if PAPER_SHARE is not None:
        got = [codes[yi, xi][on & off[None, :] & near[yi, xi] & bw[yi, xi]]
               for (codes, _own, samples), (_gaps, near), bw in zip(views, read, between, strict=True)
               for yi, xi, on in samples]
        c = np.concatenate(got)
        if not len(c):
            return None
        paper = np.array([float(np.median(t[c])) for t in tab])
        dtab = np.sqrt(((tab - paper[:, None].astype(np.float32)) ** 2).sum(axis=0))
        cut = float(np.percentile(dtab[c], PAPER_SHARE))
        within = dtab <= cut
        between = [bw & within[codes] for (codes, _own, _samples), bw in zip(views, between, strict=True)]
    return between


def _walled_where_marked(codes: np.ndarray, tab: np.ndarray, own: np.ndarray, colour: Sequence[float], tol: float,
                         flay: Layout, ex: Sequence[Hexside], fs: float, lay: Layout, shape: tuple[int, ...], k: float,
                         reach: int, lined: bool = False) -> bool:
    """Whether the paper between a double line's thin walls (traced notes 16) may run through every marked side ``ex``,
    read in a window about each (review36 R7: read over the whole image first, it cost Stonewall Jackson's Way's
    extraction about a fifth of its CPU for lines whose marked sides it then found unwalled). The windows hold every
    pixel the whole image's reading reads there (the paper's learning is the same: each side's samples, their walls
    up to ``2 WALL`` away and the line's colour within ``WALL``; its parts at the working scale, ``shape``, ``k``
    times coarser, grown ``reach`` times), and a part touching a window's edge may run on beyond it: it is taken as
    long (a part in the band reaching the edge, ``PART`` beyond the band, is long already; at the image's edge it
    may not be): False only where the whole image's reading finds no paper or a marked side it does not run through.
    ``codes``, ``own``, ``flay``, ``fs``: the finer scale's colour codes, the line's colour, layout and hex size;
    ``lay``: the working scale's layout. ``lined``: as a line runs on (traced notes 17): the walls lines, the paper's
    parts reaching ``PAPER_REACH``, not ``PART``."""
    fh, fw = codes.shape
    h, w = shape[:2]
    s = _size(lay)
    n = math.ceil(k)
    margin = math.ceil(2 * WALL * fs) + 2  # a pixel's walls are read up to 2 WALL away (its gap), its line within WALL
    long = (PAPER_REACH if lined else PART) * s
    around = math.ceil(long)  # the parts read within their reach of each band: one from the band to the edge is long
    half, core, fine = _bands(flay, ex, codes.shape)
    _h, _c, work = _bands(lay, ex, shape)
    fsamples = [(yi[j], xi[j], on[j]) for _sl, _xs, _ys, xi, yi, on in fine for j in range(len(xi))]
    wsamples = [(yi[j], xi[j]) for _sl, _xs, _ys, xi, yi, on in work for j in range(len(xi))]
    views = []
    boxes = []
    for (fy, fx, fon), (wy, wx) in zip(fsamples, wsamples, strict=True):
        # the parts read about the band (working scale), exact where grown from a window `reach` wider
        box = (max(0, int(wy.min()) - around), min(h, int(wy.max()) + around + 1),
               max(0, int(wx.min()) - around), min(w, int(wx.max()) + around + 1))
        grown = (max(0, box[0] - reach), min(h, box[1] + reach), max(0, box[2] - reach), min(w, box[3] + reach))
        # the finer pixels those cover (as _coarse reads them) and the band's own samples, with the margin
        fy0 = max(0, min(int(grown[0] * k), int(fy.min())) - margin)
        fy1 = min(fh, max(min(int((grown[1] - 1) * k) + n, fh), int(fy.max()) + 1) + margin)
        fx0 = max(0, min(int(grown[2] * k), int(fx.min())) - margin)
        fx1 = min(fw, max(min(int((grown[3] - 1) * k) + n, fw), int(fx.max()) + 1) + margin)
        views.append((codes[fy0:fy1, fx0:fx1], own[fy0:fy1, fx0:fx1], [(fy - fy0, fx - fx0, fon)]))
        boxes.append((box, grown, (fy0, fx0)))
    papers = _papers(views, tab, colour, tol, half, core, fs, lined, windows=True)
    if papers is None:
        return False
    for side, paper, (box, grown, origin) in zip(ex, papers, boxes, strict=True):
        pw = _coarse(paper, slice(grown[0], grown[1]), slice(grown[2], grown[3]), k, any_of=True, origin=origin,
                     full=codes.shape)
        for _ in range(reach):
            pw = _dilate(pw)
        pw = pw[box[0] - grown[0]:box[1] - grown[0], box[2] - grown[2]:box[3] - grown[2]]
        if not _crossed_through(_long_parts(pw, long, edge=True), lay, [side], (box[0], box[2]), shape)[0]:
            return False
    return True


def _other_ink(tab: np.ndarray, codes: np.ndarray, colour: Sequence[float], others: Sequence[Sequence[float]],
               ground: np.ndarray) -> np.ndarray:
    """The pixels (``codes``, :func:`~.colour.rgb_codes`) nearer one of the legend's other lines' colours
    (``others``) than to this line's ``colour`` and to every terrain colour read (``ground``: the sides' two hexes'
    terrain colours, NaN where unknown): another line's ink (traced notes 32)."""
    terr = ground.reshape(-1, 3)
    terr = np.unique(terr[np.isfinite(terr).all(axis=1)], axis=0)
    lab = np.asarray(tab, np.float32).T

    def d2(c: Sequence[float] | np.ndarray) -> np.ndarray:
        return ((lab - np.asarray(c, np.float32)) ** 2).sum(axis=1)

    nearest_other = np.minimum.reduce([d2(o) for o in others])
    rival = d2(colour)
    for t in terr:
        rival = np.minimum(rival, d2(t))
    return np.asarray((nearest_other < rival)[codes], dtype=bool)


def _bridged(own: np.ndarray, other: np.ndarray, most: int) -> np.ndarray:
    """The pixels of ``other`` lying on a straight run of ``other`` pixels no longer than ``most`` - along a row, a
    column or a diagonal - with a pixel of ``own`` at each end: another line printed over this one, this one seen on
    both sides of it (traced notes 32)."""
    out = np.zeros_like(own)
    for dy, dx in ((0, 1), (1, 0), (1, 1), (1, -1)):
        ends = []
        for sign in (1, -1):
            dist = np.zeros(own.shape, dtype=np.int16)
            chain = other.copy()
            for j in range(1, most + 1):
                hit = chain & (dist == 0) & _shift(own, -sign * j * dy, -sign * j * dx)
                dist[hit] = j
                chain &= _shift(other, -sign * j * dy, -sign * j * dx)
                if not chain.any():
                    break
            ends.append(dist)
        fwd, bwd = ends
        out |= other & (fwd > 0) & (bwd > 0) & (fwd + bwd - 1 <= most)
    return out


def _crossed_through(m: np.ndarray, lay: Layout, sides: Sequence[Hexside], origin: tuple[int, int] = (0, 0),
                     full: tuple[int, ...] | None = None) -> np.ndarray:
    """For each side: whether ``m`` shows beyond the hex line's zone on both sides of it at one place along it (give
    or take one), as the colour's crossing is read (traced notes 2). ``m`` may be a window of the image (``full`` its
    shape) at ``origin`` (row, column), holding the sides' bands."""
    half, core, batches = _bands(lay, sides, m.shape if full is None else full)
    got = np.zeros(len(sides), dtype=bool)
    for sl, _xs, _ys, xi, yi, on in batches:
        band = m[yi - origin[0], xi - origin[1]] & on
        got[sl] = (_near(band[:, :, : half - core + 1].any(axis=2)) & _near(band[:, :, half + core:].any(axis=2))
                   ).any(axis=1)
    return got


def _dash_reach(s: float, marked: bool) -> int:
    """The pixels a traced line's mask is grown by to close its dash gaps at a working hex size of ``s`` px
    (traced notes 13): ``DASH_GROW`` of the hex rounded, or, for a line without marked sides (not ``marked``), rounded
    up."""
    return max(1, round(DASH_GROW * s) if marked else math.ceil(DASH_GROW * s))


def _ink_core(codes: np.ndarray, tab: np.ndarray, lay: Layout, sides: Sequence[Hexside], off_grid: np.ndarray,
              ) -> np.ndarray | None:
    """(traced notes 11) The L*a*b* colour of a line's own ink at its marked ``sides``: in each side's band off the
    calibrated hex lines (``off_grid``), the median colour of its darkest ``INK_CORE`` share of pixels; the median
    over the sides. None where no band is on the image."""
    got = []
    _half, _core, batches = _bands(lay, sides, codes.shape)
    for _sl, _xs, _ys, xi, yi, on in batches:
        sel = on & off_grid[yi, xi]
        c = codes[yi, xi]
        for j in range(sel.shape[0]):
            cj = c[j][sel[j]]
            if not cj.size:
                continue
            light = tab[0][cj]
            pick = cj[light <= np.percentile(light, 100 * INK_CORE)]
            got.append([float(np.median(ch[pick])) for ch in tab])
    return np.median(np.asarray(got), axis=0) if got else None


def _examples_width(mask: np.ndarray, depth: np.ndarray, lay: Layout, sides: Sequence[Hexside],
                    examples: Sequence[int], kf: float) -> float:
    """The half-width (fine pixels, ``depth`` of the colour at ``kf`` times the working scale) of a line at its
    marked sides: the upper quartile over them of the widest the colour (``mask``, working scale) is in each band."""
    _h, _c, batches = _bands(lay, [sides[i] for i in examples], mask.shape)
    dh, dw = depth.shape
    widest: list[float] = []
    for _sl, xs, ys, xi, yi, on in batches:
        fy = np.clip(np.rint(ys * kf + (kf - 1) / 2), 0, dh - 1).astype(np.intp)
        fx = np.clip(np.rint(xs * kf + (kf - 1) / 2), 0, dw - 1).astype(np.intp)
        widest += np.where(on & mask[yi, xi], depth[fy, fx], 0).max(axis=(1, 2)).tolist()
    return float(np.percentile(widest, 75)) if widest else math.inf


def _hex_band(grid: Grid, lay: Layout, shape: tuple[int, ...], s: float, band: float = GRID_BAND) -> np.ndarray:
    """The calibrated hex lines of ``grid`` drawn on a picture of ``shape`` laid out by ``lay`` (hex size ``s``
    pixels), ``band`` hex sizes wide (``GRID_BAND``: where the printed hex lines lie)."""
    pic = Image.new("L", (shape[1], shape[0]), 0)
    draw = ImageDraw.Draw(pic)
    width = max(1, round(band * s))
    for sd in grid.hexsides():
        (ax, ay), (bx, by) = lay.hexside_endpoints(sd)
        if -s < ax < shape[1] + s and -s < ay < shape[0] + s:
            draw.line([(ax, ay), (bx, by)], fill=255, width=width)
    return np.asarray(pic) > 0


def _along_sides(m: np.ndarray, grid: Grid, lay: Layout, s: float, band: float, length: float,
                 ) -> list[tuple[np.ndarray, float]]:
    """The pixels of ``m`` within a band ``band`` px wide about the calibrated hex sides of ``grid`` (every hex's
    six, those on the grid's edge too) on a straight run of ``m`` at least ``length`` px long in the direction of the
    side they lie by, give or take a pixel across (:func:`_run_along`): a hex line printed off its calibrated place,
    parallel to it (traced notes 24). A line crossing the side at a slant runs along it for its width over the sine
    of the slant only. For each of the sides' directions: (its pixels so, its angle from the x axis towards +y)."""
    h, w = m.shape
    groups: dict[int, dict[tuple[int, int], tuple[tuple[float, float], tuple[float, float]]]] = {}
    for hx in grid.hexes():
        cs = lay.corners(hx)
        for (ax, ay), (bx, by) in zip(cs, cs[1:] + cs[:1]):
            if -s < ax < w + s and -s < ay < h + s:
                angle = round(math.degrees(math.atan2(by - ay, bx - ax)) % 180.0 / 10.0) % 18  # the sides' 3 ways
                groups.setdefault(angle, {})[(round(ax + bx), round(ay + by))] = ((ax, ay), (bx, by))
    out = []
    for found in groups.values():
        ends = list(found.values())
        (ax, ay), (bx, by) = ends[0]
        th = math.atan2(by - ay, bx - ax)
        if not m.any():
            out.append((np.zeros_like(m), th))
            continue
        pic = Image.new("L", (w, h), 0)
        draw = ImageDraw.Draw(pic)
        for a, b in ends:
            draw.line([a, b], fill=255, width=max(1, round(band)))
        out.append((_run_along(m, th, length) & (np.asarray(pic) > 0) & m, th))
    return out


def _valley(light: np.ndarray, d: int, by: float) -> np.ndarray:
    """The pixels of the lightness ``light`` lighter by more than ``by`` on both sides of them ``d`` px away, along
    a row, a column or a diagonal: a thin stroke darker than its ground (traced notes 24), not an edge between a
    darker and a lighter ground (lighter on one side only) nor the inside of an area."""
    out = np.zeros(light.shape, bool)
    for dy, dx in ((0, 1), (1, 0), (1, 1), (1, -1)):
        got = _shifted_slices(light.shape, d * dy, d * dx)
        back = _shifted_slices(light.shape, -d * dy, -d * dx)
        if got is None or back is None:
            continue
        one = np.zeros(light.shape, bool)
        one[got[0]] = light[got[1]] > light[got[0]] + by
        two = np.zeros(light.shape, bool)
        two[back[0]] = light[back[1]] > light[back[0]] + by
        out |= one & two
    return out


def _both_across(m: np.ndarray, th: float, reach: int) -> np.ndarray:
    """The pixels with a pixel of ``m`` within ``reach`` px on both sides of them, straight across the direction
    ``th`` (radians from the x axis, towards +y): where a line crossing a run along ``th`` goes on either side."""
    ny, nx = math.cos(th), -math.sin(th)
    sides = []
    for way in (1, -1):
        near = np.zeros_like(m)
        for k in range(1, reach + 1):
            _or_shifted(near, m, round(way * k * ny), round(way * k * nx))
        sides.append(near)
    return sides[0] & sides[1]


def _across_hex_lines(m: np.ndarray, grid: Grid, lay: Layout, s: float) -> np.ndarray:
    """The pixels of the calibrated hex lines' band with ``m`` on both sides of it straight across, a band's width
    away either way: where a line crossing a hex line printed over it was cut (traced notes 7). Not along the band:
    two pieces of ``m`` beside one hex line (a dashed line's dashes either side of a corner, a line along the side)
    are not joined so. The band is ``GRID_BAND`` hex sizes rounded up, and a pixel: a hex line printed that wide,
    resampled to the working scale, spreads a pixel past it (hex lines 3 px wide, 4-5 px dark across, at hexes of
    50-60 px were not bridged in a band rounded as :func:`_hex_band` draws it: 2 px at the working scale)."""
    h, w = m.shape
    width = math.ceil(GRID_BAND * s) + 1
    groups: dict[int, list[tuple[tuple[float, float], tuple[float, float]]]] = {}
    for sd in grid.hexsides():
        (ax, ay), (bx, by) = lay.hexside_endpoints(sd)
        if -s < ax < w + s and -s < ay < h + s:
            angle = round(math.degrees(math.atan2(by - ay, bx - ax)) % 180.0 / 10.0) % 18  # the sides' 3 directions
            groups.setdefault(angle, []).append(((ax, ay), (bx, by)))
    out = np.zeros_like(m)
    for ends in groups.values():
        pic = Image.new("L", (w, h), 0)
        draw = ImageDraw.Draw(pic)
        for a, b in ends:
            draw.line([a, b], fill=255, width=width)
        (ax, ay), (bx, by) = ends[0]
        n = math.hypot(bx - ax, by - ay)
        dx, dy = round(-(by - ay) / n * width), round((bx - ax) / n * width)
        both = np.asarray(pic) > 0
        _and_shifted(both, m, dy, dx)
        _and_shifted(both, m, -dy, -dx)
        out |= both
    return out & ~m


def _tints(colour: Sequence[float], tol: float, ground: np.ndarray, others: Sequence[Sequence[float]] = ()
           ) -> np.ndarray:
    """For every :func:`lab_table` colour: whether it is the line's ``colour`` (L*a*b*) mixed with one of the grounds
    (``ground``, as :func:`crossings` takes it) as a resampled or JPEG-saved scan mixes them (in sRGB), at least
    ``TINT_LEAST`` the line's, within half the line's tolerance ``tol`` of that mix and nearer it than any of the
    ``others`` (other lines' colours: a dark road's tint on sand is a mid-brown track's colour)."""
    tab = lab_table()
    v = np.arange(64, dtype=np.float32) * 4 + 1.5
    rgb = np.stack(np.meshgrid(v, v, v, indexing="ij"), axis=-1).reshape(-1, 3)
    c = lab_to_rgb(np.asarray(colour, np.float64)).astype(np.float32)
    out = np.zeros(rgb.shape[0], dtype=bool)
    cols = ground.reshape(-1, 3)
    cols = np.unique(cols[np.isfinite(cols).all(axis=1)], axis=0)
    for g_lab in cols:
        g = lab_to_rgb(g_lab).astype(np.float32)
        d = c - g
        dd = float(d @ d)
        if dd < 1.0:
            continue
        a = np.clip((rgb - g) @ d / dd, 0.0, 1.0)
        keep = a >= TINT_LEAST
        mix = g + a[keep, None] * d
        lab = rgb_to_lab(mix).T
        de = np.sqrt(((tab[:, keep] - lab) ** 2).sum(axis=0))
        ok = de < tol / 2
        for o in others:
            ok &= de < np.sqrt(((tab[:, keep] - np.asarray(o, np.float32)[:, None]) ** 2).sum(axis=0))
        out[np.flatnonzero(keep)[ok]] = True
    return out


#: sRGB (0..255) -> JPEG's Y, Cb, Cr (JFIF, the chroma centred on 0): linear, so a mix in sRGB is one in YCbCr
_YCC = np.array([[0.299, 0.587, 0.114], [-0.168736, -0.331264, 0.5], [0.5, -0.418688, -0.081312]])


def _smears(colour: Sequence[float], tol: float, ground: np.ndarray, others: Sequence[Sequence[float]] = ()
            ) -> np.ndarray:
    """For every :func:`lab_table` colour: whether it is the line's ``colour`` (L*a*b*) as a JPEG keeps a line thinner
    than its half-resolution chroma (traced notes 12): its chroma (Cb, Cr) at least ``CHROMA_LEAST`` of the line's,
    the rest grey, its luma kept, mixed with one of the grounds (``ground``, as :func:`crossings` takes it) in sRGB at
    least ``TINT_LEAST`` the line's (the working scale's reduction); within half the line's tolerance ``tol`` of such
    a mix, nearer it than to grey of its own L* (``GREY_RIVAL``: the ink of the hex lines and names, anti-aliased
    into the paper) and than to any of the ``others`` (other lines' colours)."""
    tab = lab_table()
    cols = ground.reshape(-1, 3)
    cols = np.unique(cols[np.isfinite(cols).all(axis=1)], axis=0)
    c = _YCC @ lab_to_rgb(np.asarray(colour, np.float64))
    inv = np.linalg.inv(_YCC)
    steps = np.linspace(0.0, 1.0, 6)
    best = np.full(tab.shape[1], np.inf, dtype=np.float32)
    for g_lab in cols[np.hypot(cols[:, 1], cols[:, 2]) <= PAPER_CHROMA]:
        paper = lab_to_rgb(g_lab)
        for t in CHROMA_LEAST + (1 - CHROMA_LEAST) * steps:
            smeared = np.clip(inv @ np.array([c[0], t * c[1], t * c[2]]), 0.0, 255.0)
            for a in TINT_LEAST + (1 - TINT_LEAST) * steps:
                lab = rgb_to_lab(paper + a * (smeared - paper)).astype(np.float32)
                np.minimum(best, np.sqrt(((tab - lab[:, None]) ** 2).sum(axis=0)), out=best)
    ok = best < tol / 2
    if GREY_RIVAL:
        ok &= best < np.hypot(tab[1], tab[2])
    for o in others:
        ok &= best < np.sqrt(((tab - np.asarray(o, np.float32)[:, None]) ** 2).sum(axis=0))
    return ok


def chroma_halved(image: Image.Image) -> bool:
    """Whether ``image`` is a JPEG file that keeps its chroma at a lower resolution than its luma (4:2:0, 4:2:2: the
    default of most cameras, scanners and editors; traced notes 12): a component's sampling factors differ from the
    luma's."""
    layer = getattr(image, "layer", None) if getattr(image, "format", None) == "JPEG" else None
    if not layer or len(layer) < 3:
        return False
    return any(tuple(comp[1:3]) != tuple(layer[0][1:3]) for comp in layer[1:3])


def _crossing_width(d: np.ndarray, at: np.ndarray, half: int, core: int, wider: bool = False) -> np.ndarray:
    """For each side's band of half-widths ``d`` (sides, along, across; ``half`` the middle sample, ``core`` the hex
    line's zone either way) and the places ``at`` (sides, along) near where a line crosses it: the widest on each side
    of the zone within those places, the lesser of the two (the thinner side is the crossing's); ``wider``: the
    greater (a line hidden on one side under a mark printed over it shows its width on the other: traced notes 15)."""
    dn = np.where(at, d[:, :, : half - core + 1].max(axis=2), 0).max(axis=1)
    dp = np.where(at, d[:, :, half + core:].max(axis=2), 0).max(axis=1)
    return np.maximum(dn, dp) if wider else np.minimum(dn, dp)


def _off_blends(ab: np.ndarray, own: np.ndarray, half: int, core: int, colour: Sequence[float], ground: np.ndarray
                ) -> np.ndarray:
    """(traced notes 23) For each side's band of a*b* ``ab`` (sides, along, across, 2) and the line's own pixels where
    it crosses ``own`` (sides, along, across; ``half`` the middle sample, ``core`` the hex line's zone either way): the
    median distance in a*b* of those pixels from every blend - the convex hull of the side's two hexes' grounds
    (``ground``, (sides, 2, 3) L*a*b*, NaN where unknown), the line's ``colour``, its ink beyond it (the colour taken
    BLEND_EXTEND times farther from each ground: a thin line's colour is its blend with the paper) and the neutral
    greys (a*b* 0: a darker, greyer ink - a brown road's core, black print beside it) - on each side of the zone, the
    nearer side's; NaN where a side shows none or no ground is known. A scan's chroma kept at half the resolution
    mixes a thin line's with its ground's: still within the hull; and with what is printed along the hex line (a
    border's hatching, its ticks over the line): on a side where the line's own pixels run through every sample
    BLEND_CLEAR or more beyond the zone, the median of those alone is read too, and the nearer of the two counts."""
    out = np.full(len(ab), np.nan)
    c = np.asarray(colour, dtype=float)[1:]
    clear = np.abs(np.arange(ab.shape[2]) - half) >= core + BLEND_CLEAR
    for k in np.nonzero(own.any(axis=(1, 2)))[0].tolist():
        grounds = [g[1:] for g in ground[k] if np.isfinite(g).all()]
        if not grounds:
            continue
        verts = np.array(grounds + [c + BLEND_EXTEND * (c - g) for g in grounds] + [c, np.zeros(2)])
        far = []
        for part in (slice(0, half - core + 1), slice(half + core, None)):
            mine, beyond = own[k, :, part], clear[part]
            if not mine.any():
                far.append(math.nan)
                continue
            d = _hull_distance(ab[k, :, part][mine], verts)
            side = float(np.median(d))
            if beyond.any() and mine[:, beyond].any(axis=0).all():
                # the line runs on clear of the hex line's marks: read there too (traced notes 23, review42 R10)
                side = min(side, float(np.median(d[np.broadcast_to(beyond, mine.shape)[mine]])))
            far.append(side)
        out[k] = min(far) if not any(math.isnan(x) for x in far) else math.nan
    return out


def _hull_distance(p: np.ndarray, verts: np.ndarray) -> np.ndarray:
    """The distance of each point ``p`` (n, 2) from the convex hull of ``verts`` (m, 2): 0 inside it."""
    pts = sorted({(float(x), float(y)) for x, y in verts})

    def turn(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    hull: list[tuple[float, float]] = []
    for seq in (pts, pts[::-1]):  # the lower and upper chains, anticlockwise
        chain: list[tuple[float, float]] = []
        for q in seq:
            while len(chain) >= 2 and turn(chain[-2], chain[-1], q) <= 0:
                chain.pop()
            chain.append(q)
        hull.extend(chain[:-1])
    h = np.array(hull or pts[:1])
    if len(h) == 1:
        return np.hypot(*(p - h[0]).T)
    a, b = h, np.roll(h, -1, axis=0)
    ab = b - a
    t = np.clip(((p[:, None, :] - a) * ab).sum(axis=2) / np.maximum((ab * ab).sum(axis=1), 1e-9), 0, 1)
    d = np.hypot(*(p[:, None, :] - (a + t[:, :, None] * ab)).transpose(2, 0, 1)).min(axis=1)
    if len(h) >= 3:
        inside = ((ab[:, 0] * (p[:, None, 1] - a[:, 1]) - ab[:, 1] * (p[:, None, 0] - a[:, 0])) >= 0).all(axis=1)
        d[inside] = 0.0
    return d


def _double(thick: np.ndarray, whole: np.ndarray) -> bool:
    """Whether a line whose stroke's half-widths at its marked sides are ``thick`` and whose whole widths there are
    ``whole`` is a double line (traced notes 4: its whole width at least twice its stroke's and a pixel)."""
    typical, across = float(np.percentile(thick, 75)), float(np.percentile(whole, 75))
    return typical > 0 and across >= 2 * typical + 1


def _grey_blend(colour: Sequence[float], ground: np.ndarray, examples: Sequence[int]) -> bool:
    """(traced notes 23) Whether a line's ``colour`` is a grey ink's blend with its ground: in a*b* within BLEND_OFF of
    the mixes of the neutral greys with the terrain of each hex at its marked sides ``examples`` (``ground`` as
    :func:`crossings` takes it; NaN where unknown, one known at least). A coloured ink's core departs in hue from its
    blend with the paper (Stonewall Jackson's Way's brown road, b* 30-36 against its colour's 42): its blends are not
    known so."""
    c = np.asarray(colour, dtype=float)[1:]
    grounds = [g[1:] for g in ground[np.asarray(examples, dtype=np.intp)].reshape(-1, 3) if np.isfinite(g).all()]
    return bool(grounds) and all(float(_hull_distance(c[None], np.array([g, np.zeros(2)]))[0]) <= BLEND_OFF
                                 for g in grounds)


def _darker_than_grounds(colour: Sequence[float], ground: np.ndarray | None, examples: Sequence[int]) -> bool:
    """(traced notes 23) Whether a line's ``colour`` is darker (L*) than the terrain of both hexes (``ground``, as
    :func:`crossings` takes it; NaN where unknown) at every one of its marked sides ``examples``, one known at least."""
    if ground is None or not len(examples):
        return False
    light = ground[np.asarray(examples, dtype=np.intp), :, 0]
    known = np.isfinite(light)
    return bool(known.any() and (light[known] > float(colour[0])).all())


def _run_width(d: np.ndarray, at: np.ndarray, half: int, core: int) -> np.ndarray:
    """For each side's band of half-widths ``d`` (sides, along, across; ``half`` the middle sample, ``core`` the
    hex line's zone either way) and the places ``at`` (sides, along) where a line crosses it: the line's half-width
    along its run, the lesser of the two halves of the band's. On each half, at each distance from the hex line,
    the widest within the crossing's places, followed out ``SOLID_MOVES`` positions along the side per sample
    across; the median of those widths over the distances where it shows (0 where it shows at none)."""
    widest = np.zeros((d.shape[0], d.shape[2]))
    win = at
    for step in range(half + 1):
        if step:
            for _ in range(SOLID_MOVES):
                win = _near(win)
        for o in {half - step, half + step}:
            if 0 <= o < d.shape[2]:
                widest[:, o] = np.where(win, d[:, :, o], 0).max(axis=1)
    out = np.full(len(d), np.inf)
    for part in (widest[:, : half - core + 1], widest[:, half + core:]):
        m = np.where(part > 0, part, np.nan)
        has = (part > 0).any(axis=1)
        med = np.zeros(len(d))
        if has.any():
            med[has] = np.nanmedian(m[has], axis=1)
        out = np.minimum(out, med)
    return out


def _on_parts(parts: np.ndarray, origin: tuple[int, int, int], shape: tuple[int, ...], f: int) -> np.ndarray:
    """A mask of ``shape`` (the scan reduced by ``f``): its pixels on ``parts`` (a mask of the scan from ``origin``
    (x0, y0), reduced by its own factor)."""
    x0, y0, g = origin
    u = np.rint((np.arange(shape[1]) * f + (f - 1) / 2 - x0 - (g - 1) / 2) / g).astype(np.intp)
    v = np.rint((np.arange(shape[0]) * f + (f - 1) / 2 - y0 - (g - 1) / 2) / g).astype(np.intp)
    h, w = parts.shape
    out = parts[np.clip(v, 0, h - 1)[:, None], np.clip(u, 0, w - 1)[None, :]]
    out &= ((v >= 0) & (v < h))[:, None] & ((u >= 0) & (u < w))[None, :]
    return out


def _owned_grounds(sides: Sequence[Hexside], ground: np.ndarray | None, colour: Sequence[float],
                   tol: float) -> tuple[list[Hex], np.ndarray] | None:
    """The hexes of ``sides`` whose terrain colour (``ground``, as :func:`crossings` takes it) lies within
    ``tol`` of the line's ``colour``, and those colours (each once); None if there is none."""
    if ground is None:
        return None
    c = np.asarray(colour, np.float64)
    owned: dict[Hex, bool] = {}
    for k, sd in enumerate(sides):
        for j, hx in enumerate((sd.a, sd.b)):
            if hx not in owned and np.isfinite(ground[k, j]).all():
                owned[hx] = bool(np.sqrt(((ground[k, j] - c) ** 2).sum()) < tol)
    if not any(owned.values()):
        return None
    cols = ground.reshape(-1, 3)
    cols = np.unique(cols[np.isfinite(cols).all(axis=1)], axis=0)
    cols = cols[np.sqrt(((cols - c) ** 2).sum(axis=1)) < tol]
    return [hx for hx, yes in owned.items() if yes], cols


def _on_ground(mask: np.ndarray, image: Image.Image, codes: np.ndarray, lay: Layout, sides: Sequence[Hexside],
               terrains: tuple[list[Hex], np.ndarray], colour: Sequence[float], r: int, size: float,
               fill: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The line's colour ``mask`` (on ``image``, its RGB ``codes``; hexes of ``size`` pixels placed by ``lay``,
    ``sides`` their sides) read on a ground of its own colour (traced notes 6): in the hexes of ``terrains``
    (:func:`_owned_grounds`) and as far beyond them as ``LOCAL`` reaches, only the pixels nearer the line's
    ``colour`` than the ground around them (the median colour within ``LOCAL`` hex sizes; beyond the hexes, than
    their terrain's colour too) stand out, away from the dark rings JPEG leaves beside light lines; the gaps
    between them up to ``2 r`` pixels are closed where they hold the line's ``fill`` (its examples' middle;
    any gap when None), and the line taken up across the hex lines where it reaches them from both sides.
    Returns that mask (the line's colour elsewhere), where it was so read, and the fill found between edges."""
    from .extract_raster import _hex_raster

    hexes, owned = terrains
    q = max(1, round(LOCAL / 7 * size))
    # the hexes whose terrain lies within the line's tolerance, and as far beyond them as the window reaches
    # (their paint runs on over their sides); worked on within their bounding box (and a hex size about it)
    lh, lw = math.ceil(mask.shape[0] / q), math.ceil(mask.shape[1] / q)
    inside = _hex_raster(lay.translated(-(q - 1) / 2, -(q - 1) / 2).scaled(1 / q), hexes, (lh, lw), 1.0) >= 0
    zone_small = _grow(inside, 3)
    ys, xs = np.nonzero(zone_small)
    out_zone = np.zeros(mask.shape, dtype=bool)
    if not len(ys):
        return mask, out_zone, out_zone.copy()
    m = math.ceil(size / q) + 4
    r0, r1 = max(0, int(ys.min()) - m), min(lh, int(ys.max()) + m + 1)
    c0, c1 = max(0, int(xs.min()) - m), min(lw, int(xs.max()) + m + 1)
    y0, y1, x0, x1 = r0 * q, min(mask.shape[0], r1 * q), c0 * q, min(mask.shape[1], c1 * q)
    box = (slice(y0, y1), slice(x0, x1))
    sub_mask, sub_codes = mask[box], codes[box]
    local = rgb_codes(np.asarray(image.crop((x0, y0, x1, y1)).reduce(q).filter(ImageFilter.MedianFilter(7))
                                 .convert("RGB")))
    rows = np.minimum(np.arange(y1 - y0) // q, local.shape[0] - 1)
    cols = np.minimum(np.arange(x1 - x0) // q, local.shape[1] - 1)
    zone = zone_small[r0:r1, c0:c1][rows][:, cols]
    margin = (zone & ~inside[r0:r1, c0:c1][rows][:, cols])[zone]
    local = local[rows][:, cols]
    tab = lab_table()
    c = np.asarray(colour, np.float32)
    p = np.stack([t[sub_codes[zone]] for t in tab], axis=1)
    gr = np.stack([t[local[zone]] for t in tab], axis=1)
    stand = np.zeros(zone.shape, dtype=bool)
    light = np.zeros(zone.shape, dtype=bool)
    # nearer the line's colour than the ground around it and, beyond the hexes, than their terrain's
    own = ((p - c) ** 2).sum(axis=1)
    near = own < ((p - gr) ** 2).sum(axis=1)
    for t in owned.astype(np.float32):
        near &= ~margin | (own < ((p - t) ** 2).sum(axis=1))
    stand[zone] = near
    light[zone] = p[:, 0] > gr[:, 0] + LIGHT_OVER
    # JPEG rings dark beside a light line printed over the ground (the hex lines, a white road): no edges
    halo = max(1, round(HALO * size))
    stand &= sub_mask & ~_grow(light, halo)
    shut = _close(stand, r) & sub_mask
    if fill is not None:
        # what the closing adds between the edges is the line's fill (its colour at the examples), not the
        # ground between two lines of its colour (relief contours side by side)
        nearer = np.zeros(zone.shape, dtype=bool)
        to_fill = ((p - np.asarray(fill, np.float32)) ** 2).sum(axis=1)
        nearer[zone] = to_fill < FILL_RATIO ** 2 * ((p - gr) ** 2).sum(axis=1)
        shut &= stand | nearer
    # the line taken up again across the hex lines (and the rings beside them): where it reaches them from
    # both sides
    pic = Image.new("L", (x1 - x0, y1 - y0), 0)
    draw = ImageDraw.Draw(pic)
    width = max(1, round(GRID_BAND * size)) + 2 * halo
    for a, b in (_ends(lay, sides) - np.array([x0, y0], dtype=np.float64)).tolist():
        draw.line([tuple(a), tuple(b)], fill=255, width=width)
    band = (np.asarray(pic) > 0) & zone
    shut |= band & _close(shut, width // 2 + 1)
    out = mask.copy()
    out[box] = np.where(zone, shut, sub_mask)
    out_zone[box] = zone
    between = np.zeros(mask.shape, dtype=bool)
    between[box] = zone & shut & ~stand
    return out, out_zone, between


def _example_fill(fmask: np.ndarray, fcodes: np.ndarray, flay: Layout, sides: Sequence[Hexside],
                  examples: Sequence[int]) -> np.ndarray | None:
    """The colour (L*a*b*) of the middle of the line's stroke where its example sides cross (``fmask``, its
    colour on the image of RGB ``fcodes``, hexes placed by ``flay``): the median of the pixels three or more
    pixels inside the stroke in the sides' bands (a line with edges of its colour: its fill); None without."""
    if not len(examples):
        return None
    chosen = [sides[i] for i in examples]
    ends = _ends(flay, chosen)
    m = _size(flay)
    h, w = fmask.shape
    x0, y0 = max(0, int(ends[..., 0].min() - m)), max(0, int(ends[..., 1].min() - m))
    x1, y1 = min(w, int(ends[..., 0].max() + m) + 1), min(h, int(ends[..., 1].max() + m) + 1)
    if x1 <= x0 or y1 <= y0:
        return None
    inner = _depth(fmask[y0:y1, x0:x1], 3) >= 3
    codes_box = fcodes[y0:y1, x0:x1]
    _, _, batches = _bands(flay.translated(-x0, -y0), chosen, inner.shape)
    picked = [codes_box[yi, xi][inner[yi, xi] & on] for _, _, _, xi, yi, on in batches]
    codes = np.concatenate(picked) if picked else np.zeros(0, dtype=fcodes.dtype)
    if codes.size < 10:
        return None
    tab = lab_table()
    return np.array([float(np.median(t[codes])) for t in tab])


def _coarse(m: np.ndarray, rows: slice, cols: slice, k: float, any_of: bool = False,
            origin: tuple[int, int] = (0, 0), full: tuple[int, ...] | None = None) -> np.ndarray:
    """``m`` at a scale ``k`` times coarser, the coarse image's ``rows`` and ``cols``: a pixel set where half or
    more of the finer pixels it covers are (``any_of``: where any is). ``m`` may be a window of the finer image
    (``full`` its shape), at ``origin`` (row, column) in it, holding every finer pixel those rows and columns cover."""
    h, w = (m.shape if full is None else full)[:2]
    n = math.ceil(k)
    ys = np.minimum((np.arange(rows.start, rows.stop)[:, None] * k).astype(np.intp) + np.arange(n)[None, :], h - 1)
    xs = np.minimum((np.arange(cols.start, cols.stop)[:, None] * k).astype(np.intp) + np.arange(n)[None, :], w - 1)
    ys, xs = ys - origin[0], xs - origin[1]
    count = np.zeros((len(ys), len(xs)), dtype=np.int16)
    for dy in range(n):
        part = m[ys[:, dy]]
        for dx in range(n):
            count += part[:, xs[:, dx]]
    return count > 0 if any_of else 2 * count >= n * n


def _bare(fill: np.ndarray, ground: np.ndarray, off: np.ndarray) -> np.ndarray:
    """For each side: True where its crossing's ``fill`` (L*a*b*) lies nearer the ``ground`` colour of one of
    its hexes ((sides, 2, 3), NaN where unknown) than ``off``, its distance from the examples' fill."""
    d = np.sqrt(((fill[:, None, :] - ground) ** 2).sum(axis=2))
    d = np.where(np.isfinite(d), d, np.inf).min(axis=1)
    return d < off


def _lettered(raw: np.ndarray, mask: np.ndarray, lay: Layout, sides: Sequence[Hexside], s: float) -> np.ndarray:
    """For each of ``sides`` (crossed by the colour tracer's ``mask``, its colour ``raw`` before growing):
    True where the colour's pixels on the crossing line in the side's band are at least ``LETTER_SHARE``
    printed lettering (:func:`_lettering`, on the colour within a hex size and a half of the sides; long
    straight runs are those of ``LONG`` hex sizes, as for black lines)."""
    ends = _ends(lay, sides)
    h, w = raw.shape
    m = 1.5 * s
    x0, y0 = max(0, int(ends[..., 0].min() - m)), max(0, int(ends[..., 1].min() - m))
    x1, y1 = min(w, int(ends[..., 0].max() + m) + 1), min(h, int(ends[..., 1].max() + m) + 1)
    if x1 <= x0 or y1 <= y0:
        return np.zeros(len(sides), dtype=bool)
    ink = raw[y0:y1, x0:x1]
    lettering = _lettering(ink, ink, _long(ink, max(6.0, LONG * s)), s)
    if not lettering.any():
        return np.zeros(len(sides), dtype=bool)
    lettering = _grow(lettering, 1) & ink
    line = ink & mask[y0:y1, x0:x1]
    ends = ends - np.array([x0, y0], dtype=np.float64)
    return _lettering_share(line, lettering, lay.translated(-x0, -y0), sides, ends) >= LETTER_SHARE


def _walk(pts: np.ndarray, way: float, step: float, gap: float, wide: float, far: float,
          widths: list[float], own: np.ndarray | None = None) -> list[np.ndarray]:
    """Walk from (0, 0) along ``way`` (radians) over the pixels ``pts`` ((n, 2) x, y from the place): each step to
    the mean of the pixels between half a ``step`` and one and a half ahead, within ``STROKE_ANGLE`` of the way it
    came (none there: the nearest such pixels up to ``gap`` beyond a step - the next dash beyond its gap), while
    they are as wide as a bar ``wide`` px wide at most (by their moments; each step's width is appended to
    ``widths``) and, if longer than twice as wide, lie along the step within ``STROKE_ANGLE``, until ``far`` px from
    the start; ``own``: which of ``pts`` are the line's own (the rest marks printed over it, traced notes 18: walked
    over, their width and lie not asked). The points walked, from (0, 0) (traced notes 20)."""
    at = np.zeros(2)
    path = [at]
    limit = math.radians(STROKE_ANGLE)
    for _ in range(64):
        d = pts - at
        dist = np.hypot(d[:, 0], d[:, 1])
        turn = np.abs((np.arctan2(d[:, 1], d[:, 0]) - way + math.pi) % (2 * math.pi) - math.pi)
        ahead = (turn <= limit) & (dist > 0.5 * step)
        take = ahead & (dist <= 1.5 * step)
        if not take.any():
            beyond = ahead & (dist <= step + gap)
            if not beyond.any():
                break
            take = beyond & (dist <= dist[beyond].min() + step)
        q = pts[take]
        v = q.mean(axis=0) - at
        n = math.hypot(v[0], v[1])
        if n < 0.5:
            break
        if own is not None:
            q = q[own[take]]
        c = np.cov(q.T, bias=True) if len(q) > 1 else np.zeros((2, 2))
        lo, hi = np.linalg.eigvalsh(c)
        widths.append(math.sqrt(12 * max(lo, 0.0)))  # the width of a bar with these moments
        if widths[-1] > wide:
            break
        if hi >= 4 * max(lo, 1 / 12):
            # pixels lying as a stroke across the way (a letter's, beside the last): not the line's run on
            ax = 0.5 * math.atan2(2 * c[0, 1], c[0, 0] - c[1, 1])
            if abs((ax - math.atan2(v[1], v[0]) + math.pi / 2) % math.pi - math.pi / 2) > limit:
                break
        at, way = at + v, math.atan2(v[1], v[0])
        path.append(at)
        if math.hypot(at[0], at[1]) >= far:
            break
    return path


def _covered(near: np.ndarray, path: list[np.ndarray], r: int) -> float:
    """The share of the polyline ``path`` (px from the window ``near``'s centre, ``r``) lying on ``near`` (traced
    notes 20): along a line the walk runs on its pixels but for its dash gaps; across a name's letters it runs
    over paper between their strokes."""
    on = total = 0
    for a, b in itertools.pairwise(path):
        n = max(1, math.ceil(math.hypot(*(b - a))))
        t = (np.arange(n) + 0.5) / n
        x = np.rint(a[0] + (b[0] - a[0]) * t).astype(np.intp) + r
        y = np.rint(a[1] + (b[1] - a[1]) * t).astype(np.intp) + r
        on += int(near[np.clip(y, 0, near.shape[0] - 1), np.clip(x, 0, near.shape[1] - 1)].sum())
        total += n
    return on / total if total else 0.0


def _runs_on(raw: np.ndarray, places: np.ndarray, points: np.ndarray, s: float, gap: float,
             wide: float, marks: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """For each side (``places``: (sides, along) where it is crossed; ``points``: (sides, along, 2) those places on
    the hex line), how far the colour's own pixels (``raw``, not grown) run on through it: at the middle of each run
    of places, walked both ways along each of ``STROKE_WAYS`` ways from it (:func:`_walk`: step by step, each within
    ``STROKE_ANGLE`` of the last, over dash gaps up to ``gap`` px, no step's pixels wider than ``wide`` px), the two
    ends' distance where at least ``STROKE_COVER`` of the walk lies on the pixels (:func:`_covered`), the most over
    its places and ways (px; the first walk reaching ``STROKE_SPAN`` ends the side's), and the widest step on that
    walk (traced notes 20). A dashed line runs on round its bends, dash after dash; a walk over a name's letters -
    strokes side by side across its column, rings - stops within a letter, or steps wide or across strokes, or runs
    over more paper than print. ``marks``: small marks printed over the line (traced notes 18: a fire dot cutting a
    dashed trail), walked over as the line's."""
    step, far = STROKE_STEP * s, STROKE_SPAN * s
    r = math.ceil(far + step + gap) + 1
    padded = np.pad(raw if marks is None else raw | marks, r)  # (a place near the image's edge: nothing beyond it)
    mine = None if marks is None else np.pad(raw, r)
    reach = np.zeros(len(places))
    width = np.zeros(len(places))
    for i in range(len(places)):
        idx = np.flatnonzero(places[i])
        if not len(idx):
            continue
        runs = np.split(idx, np.flatnonzero(np.diff(idx) > 1) + 1)
        for px, py in np.rint(points[i][[run[len(run) // 2] for run in runs]]).astype(np.intp).tolist():
            if not (0 <= py < raw.shape[0] and 0 <= px < raw.shape[1]):
                continue
            ys, xs = np.nonzero(padded[py:py + 2 * r + 1, px:px + 2 * r + 1])
            if not len(ys):
                continue
            pts = np.stack([xs - float(r), ys - float(r)], axis=1)
            own = None if mine is None else mine[py + ys, px + xs]
            near = padded[py:py + 2 * r + 1, px:px + 2 * r + 1]
            for k in range(STROKE_WAYS):
                way = math.pi * k / STROKE_WAYS
                one: list[float] = []
                back, on = (_walk(pts, w, step, gap, wide, far, one, own) for w in (way, way + math.pi))
                got = math.hypot(*(back[-1] - on[-1]))
                if got > reach[i] and _covered(near, back[::-1] + on[1:], r) >= STROKE_COVER:
                    reach[i], width[i] = got, max(one, default=0.0)
                    if got >= far:  # runs on: the line's (no other way nor place asked)
                        break
            if reach[i] >= far:
                break
    return reach, width


def _chained(pieces: np.ndarray, reach: int, part: float, spread: float) -> np.ndarray:
    """The ``pieces`` (a line's mask - its fill between dashed rims -, grown by ``reach`` to close its dash gaps: its
    parts shorter than PART) that lie in a row (traced notes 21): grown by ``reach`` again (a gap up to twice as wide
    closed), the parts whose bounding box's diagonal reaches ``part`` pixels and whose pixels spread across their
    length (the standard deviation along their moments' minor axis) by at most ``spread`` pixels - the fill's pieces
    one after another, not a cluster of specks, a fork or a texture's net."""
    lab, n = components(_grow(pieces, reach))
    if not n:
        return pieces
    ys, xs, ids, diagonal = _part_boxes(lab, n)
    count = np.maximum(1, np.bincount(ids, minlength=n + 1))
    dx = xs - (np.bincount(ids, xs, n + 1) / count)[ids]
    dy = ys - (np.bincount(ids, ys, n + 1) / count)[ids]
    sxx = np.bincount(ids, dx * dx, n + 1) / count
    syy = np.bincount(ids, dy * dy, n + 1) / count
    sxy = np.bincount(ids, dx * dy, n + 1) / count
    minor = (sxx + syy) / 2 - np.sqrt(((sxx - syy) / 2) ** 2 + sxy ** 2)
    keep = (diagonal >= part) & (minor <= spread * spread)
    keep[0] = False
    return keep[lab] & pieces


def _part_boxes(lab: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The labelled pixels of ``lab`` (``n`` parts, 0 none: at least one part) - their rows, columns and part ids - and
    each part's bounding box's diagonal in pixels (index 0: the unlabelled, meaningless)."""
    ys, xs = np.nonzero(lab)
    ids = lab[ys, xs]
    x0 = np.full(n + 1, xs.max() + 1)
    y0 = np.full(n + 1, ys.max() + 1)
    x1 = np.full(n + 1, -1)
    y1 = np.full(n + 1, -1)
    np.minimum.at(x0, ids, xs)
    np.minimum.at(y0, ids, ys)
    np.maximum.at(x1, ids, xs)
    np.maximum.at(y1, ids, ys)
    return ys, xs, ids, np.hypot(x1 - x0, y1 - y0)


def _long_parts(m: np.ndarray, reach: float, edge: bool = False, cut: np.ndarray | None = None) -> np.ndarray:
    """The connected parts of ``m`` whose bounding box's diagonal is at least ``reach`` pixels; ``edge``: and those
    touching its border (``m`` a window of an image: they may run on beyond it); ``cut``: and those holding a pixel of
    it (``m`` read only within a region of the image: ``cut`` its pixels beside the rest of the image, where they may
    run on)."""
    lab, n = components(m)
    if not n:
        return m
    keep = _part_boxes(lab, n)[3] >= reach
    if edge:
        keep[lab[[0, -1], :]] = True
        keep[lab[:, [0, -1]]] = True
    if cut is not None:
        keep[lab[cut]] = True
    keep[0] = False
    return keep[lab]


def _about_bands(lay: Layout, sides: Sequence[Hexside], shape: tuple[int, ...], reach: int) -> np.ndarray:
    """The pixels of an image of ``shape`` within ``reach`` pixels (a square's) of the box of each side's band as
    :func:`_bands` samples it (its pixels clipped to the image)."""
    h, w = shape[:2]
    out = np.zeros((h, w), dtype=bool)
    _half, _core, batches = _bands(lay, sides, shape)
    for _sl, _xs, _ys, xi, yi, _on in batches:
        for y0, y1, x0, x1 in zip(yi.min(axis=(1, 2)).tolist(), yi.max(axis=(1, 2)).tolist(),
                                  xi.min(axis=(1, 2)).tolist(), xi.max(axis=(1, 2)).tolist(), strict=True):
            out[max(0, y0 - reach):y1 + reach + 1, max(0, x0 - reach):x1 + reach + 1] = True
    return out


def _eroded(m: np.ndarray) -> np.ndarray:
    """``m`` less its pixels with a neighbour (8) off it inside the image (the image's border is no such edge)."""
    p = np.pad(m, 1, mode="edge")
    h, w = m.shape
    out = m.copy()
    for dy in range(3):
        for dx in range(3):
            out &= p[dy:dy + h, dx:dx + w]
    return out


def _close(m: np.ndarray, r: int) -> np.ndarray:
    """``m`` closed (3x3, ``r`` times): gaps up to ``2 r`` pixels wide filled."""
    return ~_grow(~_grow(m, r), r)


def _grey_dilate(a: np.ndarray) -> np.ndarray:
    """Each value the largest of its 3x3 neighbourhood."""
    out = a.copy()
    np.maximum(out[1:], a[:-1], out=out[1:])
    np.maximum(out[:-1], a[1:], out=out[:-1])
    o2 = out.copy()
    np.maximum(o2[:, 1:], out[:, :-1], out=o2[:, 1:])
    np.maximum(o2[:, :-1], out[:, 1:], out=o2[:, :-1])
    return o2


def _depth(m: np.ndarray, cap: int) -> np.ndarray:
    """How many times each pixel of mask ``m`` survives erosion (3x3), up to ``cap``: its distance to the
    mask's edge (chessboard), the half-width of the stroke it lies in."""
    out = np.zeros(m.shape, dtype=np.int16)
    cur = m
    for _ in range(cap):
        if not cur.any():
            break
        out += cur
        cur = ~_dilate(~cur)
    return out


def _filled(m: np.ndarray) -> np.ndarray:
    """The mask ``m`` with its pinholes filled: a pixel off it whose four neighbours are all on it."""
    out = m.copy()
    inner = np.zeros_like(m)
    inner[1:-1, 1:-1] = m[:-2, 1:-1] & m[2:, 1:-1] & m[1:-1, :-2] & m[1:-1, 2:]
    out |= inner
    return out


def _near(a: np.ndarray) -> np.ndarray:
    out = a.copy()
    out[:, 1:] |= a[:, :-1]
    out[:, :-1] |= a[:, 1:]
    return out


def _cut(image: Image.Image, grid: Grid, sides: Sequence[Hexside],
         ) -> tuple[Image.Image, Layout, float, int, tuple[int, int]]:
    """The working-scale image around ``sides`` (a margin of a hex size), its layout, the hex size
    there, the reduction factor and where the cut starts on the scan."""
    assert grid.layout is not None
    size = _size(grid.layout)
    f = max(1, round(size / WORK_SIZE))
    pts = np.array([p for sd in sides for p in grid.layout.hexside_endpoints(sd)], dtype=np.float64).reshape(-1, 2)
    x0 = max(0, int(pts[:, 0].min() - 1.2 * size)) if len(pts) else 0
    y0 = max(0, int(pts[:, 1].min() - 1.2 * size)) if len(pts) else 0
    x1 = min(image.width, int(pts[:, 0].max() + 1.2 * size) + 1) if len(pts) else image.width
    y1 = min(image.height, int(pts[:, 1].max() + 1.2 * size) + 1) if len(pts) else image.height
    work = image.crop((x0, y0, max(x0 + 1, x1), max(y0 + 1, y1)))
    work = work.reduce(f) if f > 1 else work
    lay = grid.layout.translated(-x0, -y0).translated(-(f - 1) / 2, -(f - 1) / 2).scaled(1 / f)
    return work, lay, _size(lay), f, (x0, y0)


def _shift(m: np.ndarray, dy: int, dx: int) -> np.ndarray:
    """``m`` moved so that out[y, x] = m[y + dy, x + dx] (False beyond the edges)."""
    out = np.zeros_like(m)
    got = _shifted_slices(m.shape, dy, dx)
    if got is not None:
        to, fr = got
        out[to] = m[fr]
    return out


def _shifted_slices(shape: tuple[int, ...], dy: int, dx: int) -> tuple[tuple[slice, slice], tuple[slice, slice]] | None:
    """Where ``out[y, x] = m[y + dy, x + dx]`` reads and writes (:func:`_shift`): (to, from), None if nowhere."""
    h, w = shape[:2]
    if abs(dy) >= h or abs(dx) >= w:
        return None
    return ((slice(max(0, -dy), h - max(0, dy)), slice(max(0, -dx), w - max(0, dx))),
            (slice(max(0, dy), h - max(0, -dy)), slice(max(0, dx), w - max(0, -dx))))


def _and_shifted(out: np.ndarray, m: np.ndarray, dy: int, dx: int) -> None:
    """``out &= _shift(m, dy, dx)`` in place, without the shifted copy."""
    got = _shifted_slices(m.shape, dy, dx)
    if got is None:
        out[...] = False
        return
    to, fr = got
    out[to] &= m[fr]
    h, w = m.shape
    out[:max(0, -dy)] = False
    out[h - max(0, dy):] = False
    out[:, :max(0, -dx)] = False
    out[:, w - max(0, dx):] = False


def _or_shifted(out: np.ndarray, m: np.ndarray, dy: int, dx: int) -> None:
    """``out |= _shift(m, dy, dx)`` in place, without the shifted copy."""
    got = _shifted_slices(m.shape, dy, dx)
    if got is not None:
        to, fr = got
        out[to] |= m[fr]


def _long(m: np.ndarray, length: float, directions: int = 12,
          runs: list[np.ndarray] | None = None) -> np.ndarray:
    """The pixels of ``m`` on a straight run of at least ``length`` pixels in one of ``directions``
    directions, give or take a pixel across the run (a linear opening). ``runs``: a list given is
    filled with those of each direction (``pi * j / directions`` from the x axis, towards +y)."""
    out = np.zeros_like(m)
    for j in range(directions):
        run = _run_along(m, math.pi * j / directions, length)
        out |= run
        if runs is not None:
            runs.append(run & m)
    return out & m


def _run_along(m: np.ndarray, th: float, length: float) -> np.ndarray:
    """The pixels on a straight run of ``m`` at least ``length`` pixels long at the angle ``th`` (radians from the x
    axis, towards +y), give or take a pixel across the run (a linear opening along one direction: :func:`_long`'s
    each); the run is read on ``m`` widened by that pixel, so it may hold pixels beside ``m``."""
    c, s = math.cos(th), math.sin(th)
    across = m | _shift(m, round(c), round(-s)) | _shift(m, round(-c), round(s))
    offs = sorted({(round(k * s), round(k * c)) for k in np.arange(-length / 2, length / 2 + 0.01, 1.0)})
    core = np.ones_like(m)
    for dy, dx in offs:
        _and_shifted(core, across, dy, dx)
    run = np.zeros_like(m)
    if core.any():
        for dy, dx in offs:
            _or_shifted(run, core, -dy, -dx)
    return run


def _grow(m: np.ndarray, n: int) -> np.ndarray:
    for _ in range(n):
        m = _dilate(m)
    return m


def _box_share(m: np.ndarray, r: int) -> np.ndarray:
    """The share of ``m`` in the (2r+1)-square around every pixel."""
    # summed in int32 (exact: a count of pixels), not widened to int64 (many times slower along rows)
    c = np.pad(m.astype(np.int32), ((r + 1, r), (r + 1, r))).cumsum(0, dtype=np.int32).cumsum(1, dtype=np.int32)
    n = 2 * r + 1
    return (c[n:, n:] - c[:-n, n:] - c[n:, :-n] + c[:-n, :-n]) / float(n * n)


def _remove_ink(mask: np.ndarray, f: int, ink: Sequence[tuple[float, float, np.ndarray]],
                offset: tuple[float, float]) -> None:
    """Clear the printed symbols (their templates, as matched: not grown, a road's end meets a town
    dot's edge) from ``mask`` in place."""
    h, w = mask.shape
    for x, y, stamp in ink:
        th, tw = stamp.shape
        cx, cy = round((x - offset[0] - (f - 1) / 2) / f), round((y - offset[1] - (f - 1) / 2) / f)
        y0, x0 = cy - th // 2, cx - tw // 2
        ys, xs = max(0, y0), max(0, x0)
        ye, xe = min(h, y0 + th), min(w, x0 + tw)
        if ye > ys and xe > xs:
            mask[ys:ye, xs:xe] &= ~stamp[ys - y0:ye - y0, xs - x0:xe - x0]


def _bands(lay: Layout, sides: Sequence[Hexside], shape: tuple[int, ...], ends: np.ndarray | None = None,
           reach: float = 0.3,
           ) -> tuple[int, int, Iterator[tuple[slice, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]]]:
    """The band sampled across each side: its half-width ``half`` and the hex line's own half-width
    ``core`` (samples), and batches of (sides, x, y, column, row, on the image) with x and y of shape
    (sides, along, across): along the middle 88% of the side, across from -half to +half (``reach`` hex
    sizes); column and row are the nearest pixel, clipped to the image of ``shape``. ``ends``: the sides'
    end points on ``lay`` (:func:`_ends`), when already known."""
    s = _size(lay)
    h, w = shape[:2]
    ends = _ends(lay, sides) if ends is None else ends
    p0, vec = ends[:, 0], ends[:, 1] - ends[:, 0]
    length = np.linalg.norm(vec, axis=1, keepdims=True)
    nrm = np.stack([-vec[:, 1], vec[:, 0]], axis=1) / np.maximum(length, 1e-9)
    ta = np.linspace(0.06, 0.94, max(12, round(0.9 * s)))
    half = max(3, math.ceil(reach * s))
    core = max(1, math.ceil(0.1 * s))
    oa = np.arange(-half, half + 1, dtype=np.float64)

    def batches() -> Iterator[tuple[slice, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
        for b in range(0, len(sides), 4096):
            sl = slice(b, b + 4096)
            xs = p0[sl, None, None, 0] + vec[sl, None, None, 0] * ta[None, :, None] + nrm[sl, None, None, 0] * oa
            ys = p0[sl, None, None, 1] + vec[sl, None, None, 1] * ta[None, :, None] + nrm[sl, None, None, 1] * oa
            xi, yi = np.rint(xs).astype(np.intp), np.rint(ys).astype(np.intp)
            on = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
            yield sl, xs, ys, np.clip(xi, 0, w - 1), np.clip(yi, 0, h - 1), on

    return half, core, batches()


def _bridges(single: np.ndarray, runs: Sequence[np.ndarray], share: np.ndarray, gap: float,
             hexzone: np.ndarray, side_angles: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    """Breaks in straight single lines: where a run of ``single`` (``runs``: its pixels on straight runs,
    by direction) stops - no more of it, nor of another line, just ahead: it does not turn or meet one
    - and a run of about the same direction (the next direction either way too: a line curves) starts
    again ahead within ``gap`` pixels, the two ends are joined (2 px wide) when they are one line: the
    line through them runs on along ``single`` behind both (3-12 px), the two are of one width (their
    median ``share`` behind each end within ``SAME_WIDTH``) and neither lies in a built-up area (its
    surroundings ``AREA`` full of lines). Runs parallel to a hex line (within one direction of
    ``side_angles``) are not looked at in ``hexzone`` (the printed hex lines' ink beside the calibrated
    ones). Returns the joins and their ink share (the mean of the two lines' widths: what lies in the
    break is not the line)."""
    h, w = single.shape
    n = len(runs)
    units = [(math.cos(math.pi * j / n), math.sin(math.pi * j / n)) for j in range(n)]
    fwd: list[np.ndarray] = []
    bwd: list[np.ndarray] = []
    for j, ((c, sn), run) in enumerate(zip(units, runs)):
        r = run & single
        th = math.pi * j / n
        if any(abs((th - a + math.pi / 2) % math.pi - math.pi / 2) < math.pi / n + 1e-9 for a in side_angles):
            r &= ~hexzone
        across = r | _shift(r, round(c), round(-sn)) | _shift(r, round(-c), round(sn))
        # where the run stops: no more of it ahead, nor of another line (the run turns or meets one)
        other = _dilate(single & ~r) | across
        ahead = _shift(other, round(sn), round(c)) | _shift(other, round(2 * sn), round(2 * c)) \
            | _shift(other, round(3 * sn), round(3 * c))
        behind = _shift(other, -round(sn), -round(c)) | _shift(other, -round(2 * sn), -round(2 * c)) \
            | _shift(other, -round(3 * sn), -round(3 * c))
        for m, into in ((r & ~ahead, fwd), (r & ~behind, bwd)):
            at = np.flatnonzero(m)
            y, x = at // w, at % w
            # one end point per 2x2 cell (a line's end is a few pixels across)
            _, first = np.unique((y // 2) * (w + 1) + x // 2, return_index=True)
            into.append(np.stack([x[first], y[first]], axis=1).astype(np.float64))
    path = _dilate(single)
    crowd = _box_share(single, max(2, round(gap / 4)))
    pic = Image.new("L", (w, h), 0)
    draw = ImageDraw.Draw(pic)
    steps = np.array([3.0, 6.0, 9.0, 12.0])
    for j, (c, sn) in enumerate(units):
        a = fwd[j]
        # ends facing back along direction j: of j and its neighbours (past the last direction, the
        # first one turned round: its forward ends face back)
        b = np.concatenate([bwd[j], bwd[j - 1] if j else fwd[n - 1], bwd[j + 1] if j + 1 < n else fwd[0]])
        if not len(a) or not len(b):
            continue
        ia, ib = _pairs_near(a, b, math.hypot(gap, 2 + 0.15 * gap) + 1.0)
        v = b[ib] - a[ia]
        along = v[:, 0] * c + v[:, 1] * sn
        lat = np.abs(v[:, 1] * c - v[:, 0] * sn)
        ok = (along >= 3) & (along <= gap) & (lat <= 2 + 0.15 * along)
        ia, ib, along = ia[ok], ib[ok], along[ok]
        if not len(ia):
            continue
        # the line through the two ends runs on along the lines behind both
        d = b[ib] - a[ia]
        d /= np.linalg.norm(d, axis=1, keepdims=True)
        pts = np.concatenate([a[ia, None, :] - steps[None, :, None] * d[:, None, :],
                              b[ib, None, :] + steps[None, :, None] * d[:, None, :]], axis=1)
        px = np.clip(np.rint(pts[..., 0]).astype(np.intp), 0, w - 1)
        py = np.clip(np.rint(pts[..., 1]).astype(np.intp), 0, h - 1)
        good = path[py, px].all(axis=1)
        # each line's width: the median ink share over those points, on either side (the break's
        # contents are not the line); two lines of different widths, or strokes of a built-up area, are
        # not one line broken
        k = len(steps)
        va = np.median(share[py[:, :k], px[:, :k]], axis=1)
        vb = np.median(share[py[:, k:], px[:, k:]], axis=1)
        good &= np.maximum(va, vb) <= SAME_WIDTH * np.minimum(va, vb) + 0.05
        good &= np.maximum(crowd[py[:, 0], px[:, 0]], crowd[py[:, k], px[:, k]]) < AREA
        ia, ib, gl, value = ia[good], ib[good], along[good], ((va + vb) / 2)[good]
        order = np.lexsort((gl, ia))
        keep = np.ones(len(ia), dtype=bool)
        keep[1:] = ia[order][1:] != ia[order][:-1]  # each end joined to the nearest only
        for q in order[keep].tolist():
            (ax, ay), (bx, by) = a[ia[q]], b[ib[q]]
            draw.line([(ax, ay), (bx, by)], fill=1 + round(254 * float(value[q])), width=2)
    got = np.asarray(pic)
    return got > 0, (got.astype(np.float64) - 1) / 254


def _pairs_near(a: np.ndarray, b: np.ndarray, r: float) -> tuple[np.ndarray, np.ndarray]:
    """Index pairs (i, j) of points ``a[i]`` and ``b[j]`` ((n, 2) x, y) that may lie within ``r`` of each
    other (all those that do, some a little farther: both in neighbouring cells of ``r``), in the order
    of ``np.nonzero`` over the (a, b) matrix."""
    empty = np.zeros(0, dtype=np.intp)
    if not len(a) or not len(b):
        return empty, empty
    lo_xy = np.minimum(a.min(axis=0), b.min(axis=0))
    ka = np.floor((a - lo_xy) / r).astype(np.int64) + 1
    kb = np.floor((b - lo_xy) / r).astype(np.int64) + 1
    ncx = int(max(ka[:, 0].max(), kb[:, 0].max())) + 2
    key = kb[:, 1] * ncx + kb[:, 0]
    order = np.argsort(key, kind="stable")
    skey = key[order]
    ias, ibs = [], []
    for dy in (-1, 0, 1):
        k0 = (ka[:, 1] + dy) * ncx + ka[:, 0] - 1
        lo = np.searchsorted(skey, k0, side="left")
        hi = np.searchsorted(skey, k0 + 2, side="right")
        cnt = hi - lo
        total = int(cnt.sum())
        if not total:
            continue
        ias.append(np.repeat(np.arange(len(a), dtype=np.intp), cnt))
        ibs.append(order[np.repeat(lo - np.cumsum(cnt) + cnt, cnt) + np.arange(total)])
    if not ias:
        return empty, empty
    ia, ib = np.concatenate(ias), np.concatenate(ibs)
    o = np.lexsort((ib, ia))
    return ia[o], ib[o]


def _ends(lay: Layout, sides: Sequence[Hexside]) -> np.ndarray:
    """The end points of ``sides`` on ``lay``, (sides, 2, 2)."""
    return np.array([lay.hexside_endpoints(sd) for sd in sides], dtype=np.float64).reshape(-1, 2, 2)


def _crossed(mask: np.ndarray, lay: Layout, sides: Sequence[Hexside], area: np.ndarray | None = None,
             into: bool = False, ends: np.ndarray | None = None) -> np.ndarray:
    """True for each side a line of ``mask`` crosses (see the module notes); a band more than
    ``AREA`` full of ``area`` (default: of ``mask``) is an area, never a line. ``into``: a line reaching
    the side from one half of the band, the other half such an area, crosses it too."""
    area = mask if area is None else area
    half, core, batches = _bands(lay, sides, mask.shape, ends)
    out = np.zeros(len(sides), dtype=bool)
    for sl, _xs, _ys, xi, yi, on in batches:
        band = mask[yi, xi] & on
        neg = _near(band[:, :, : half - core + 1].any(axis=2))
        pos = _near(band[:, :, half + core:].any(axis=2))
        dense = area[yi, xi] & on
        out[sl] = ((neg & pos).any(axis=1) | _through(band, half, core)) & (dense.mean(axis=(1, 2)) < AREA)
        if into:
            # a line reaching the hex line's zone from one side, a built-up area on the other
            reach = max(2, core // 2)
            rn = band[:, :, half - core - reach + 1:half - core + 1].any(axis=(1, 2))
            rp = band[:, :, half + core:half + core + reach].any(axis=(1, 2))
            dn = dense[:, :, : half - core + 1].mean(axis=(1, 2)) >= AREA
            dp = dense[:, :, half + core:].mean(axis=(1, 2)) >= AREA
            out[sl] |= (rn & dp & ~dn) | (rp & dn & ~dp)
    return out


def _lettering_share(line: np.ndarray, lettering: np.ndarray, lay: Layout, sides: Sequence[Hexside],
                     ends: np.ndarray) -> np.ndarray:
    """For each side, the share of the line's pixels in its band that are lettering."""
    out = np.zeros(len(sides))
    _half, _core, batches = _bands(lay, sides, line.shape, ends)
    for sl, _xs, _ys, xi, yi, on in batches:
        band = line[yi, xi] & on
        out[sl] = (band & lettering[yi, xi]).sum(axis=(1, 2)) / np.maximum(band.sum(axis=(1, 2)), 1)
    return out


def _continued(mask: np.ndarray, other: np.ndarray, lay: Layout, sides: Sequence[Hexside],
               ends: np.ndarray | None = None) -> np.ndarray:
    """True for each side where a line of ``mask`` reaches into the hex line's zone from one side (outside
    the hex line's own band, half the zone), shows nowhere on the other side, and lines of ``other`` go on
    from the zone's edge there at the same place along the side (give or take two): the line was broken at
    the side, its walls running on (a double line leaving a town dot printed just beyond the side, whose
    ink fills its paper)."""
    half, core, batches = _bands(lay, sides, mask.shape, ends)
    free = max(1, core // 2)
    out = np.zeros(len(sides), dtype=bool)
    for sl, _xs, _ys, xi, yi, on in batches:
        band = mask[yi, xi] & on
        more = other[yi, xi] & on
        rn = _near(_near(band[:, :, half - core:half - free].any(axis=2)))
        rp = _near(_near(band[:, :, half + free + 1:half + core + 1].any(axis=2)))
        gn = more[:, :, half - core - 2:half - core + 1].any(axis=2)
        gp = more[:, :, half + core:half + core + 3].any(axis=2)
        bn = band[:, :, : half - core + 1].any(axis=(1, 2))
        bp = band[:, :, half + core:].any(axis=(1, 2))
        out[sl] = ((rn & gp).any(axis=1) & ~bp) | ((rp & gn).any(axis=1) & ~bn)
    return out


def _ended(mask: np.ndarray, block: np.ndarray, area: np.ndarray, share: np.ndarray, lay: Layout,
           sides: Sequence[Hexside], ends: np.ndarray, skip: np.ndarray, cross: np.ndarray,
           look: np.ndarray | None = None, each: dict[int, list[float]] | None = None,
           ) -> tuple[np.ndarray, np.ndarray]:
    """For each side not in ``skip``: True where a line of ``mask`` ends at it (ink notes 9). It runs
    up to the hex line's zone from the band's edge (30% of the hex size out) on one side, at 45 degrees or
    steeper (moving at most one position along the side per sample across), arriving within the middle
    ``END_MIDDLE`` of the side; it is a line there, not strokes of a built-up area (both its flanks, to
    ``END_CLEAR`` along the side, less than ``AREA`` full of ``block``, the long lines); it goes on back
    from the side as far as ``END_REACH`` hex sizes (as steeply: not a letter's stem, a house block's edge);
    and it does not go on beyond the zone on the other side, which lies on the image: on its own line there
    (where it arrives, carried on across the zone at the slope of its approach, give or take a pixel) the
    long lines do not show at ``END_INLINE`` samples across in a row starting within the first ``END_AT`` beyond
    the zone (a line that goes on shows from its edge; a city's pattern past a strip of paper starts farther out) -
    or that side of the band is ``AREA`` full of ``area`` there (a built-up area begins at the side); and it
    did not cut a corner: arriving within ``END_CORNER`` of an end of the side, the side of its hex that meets
    this one there is crossed (``skip``, where ``cross`` crosses it) within ``END_CORNER`` of that end too. And
    the line's width: the median of ``share`` over its pixels beyond the band on its way back (an arrow's
    head at the side is wider than its line); NaN where none ended. ``look``: the sides looked at (default: those
    not in ``skip``; given, they are sides lines cross, and a built-up area beyond is no sign of an end: the line's
    own line must not show beyond); ``each``: a dict given gets, for each side, the widths of every line ending at
    it."""
    s = _size(lay)
    inner = max(3, math.ceil(0.3 * s))
    # only the sides not skipped with some of the mask around their middle (a box reaching the zone's edge)
    h, w = mask.shape
    ii = np.pad(mask.astype(np.int32), ((1, 0), (1, 0))).cumsum(0, dtype=np.int32).cumsum(1, dtype=np.int32)
    r = 0.5 * s + 0.1 * s + 2
    cxs, cys = (ends[:, 0, 0] + ends[:, 1, 0]) / 2, (ends[:, 0, 1] + ends[:, 1, 1]) / 2
    bx0, bx1 = np.clip(np.floor(cxs - r), 0, w).astype(np.intp), np.clip(np.ceil(cxs + r) + 1, 0, w).astype(np.intp)
    by0, by1 = np.clip(np.floor(cys - r), 0, h).astype(np.intp), np.clip(np.ceil(cys + r) + 1, 0, h).astype(np.intp)
    looked = ~skip if look is None else look
    cand = np.nonzero(looked & (ii[by1, bx1] - ii[by0, bx1] - ii[by1, bx0] + ii[by0, bx0] > 0))[0]
    half, core, batches = _bands(lay, [sides[i] for i in cand.tolist()], mask.shape, ends[cand], reach=END_REACH)
    clear = max(2, round(END_CLEAR * s))
    wide = max(2, math.ceil(WALL * s) + 1)
    out = np.zeros(len(sides), dtype=bool)
    width = np.full(len(sides), np.nan)
    # the sides meeting at each corner; each side's middle and normal (the band's positive direction)
    corner: dict[tuple[int, int], list[int]] = {}
    for i, (p, q) in enumerate(ends.tolist()):
        for x, y in (p, q):
            corner.setdefault((round(2 * x), round(2 * y)), []).append(i)
    mx, my = (ends[:, 0, 0] + ends[:, 1, 0]) / 2, (ends[:, 0, 1] + ends[:, 1, 1]) / 2
    vec = ends[:, 1] - ends[:, 0]
    nrm = np.stack([-vec[:, 1], vec[:, 0]], axis=1)
    for sl, _xs, _ys, xi, yi, on in batches:
        band = mask[yi, xi] & on
        blk = block[yi, xi] & on
        n = band.shape[1]
        # followed back, a thin line's sample may fall just beside it: the next sample across counts too
        loose = band.copy()
        loose[:, :, 1:] |= band[:, :, :-1]
        loose[:, :, :-1] |= band[:, :, 1:]
        mid = np.abs(np.linspace(0.06, 0.94, n) - 0.5) <= END_MIDDLE / 2
        for sign in (-1, 1):
            # sample indices from the band's edge in to the zone's edge (this side), the other side's from
            # the zone's edge out, and this side's beyond the band
            near = [half + sign * d for d in range(inner, core - 1, -1)]
            beyond = [half - sign * d for d in range(core, inner + 1)]
            farther = [half + sign * d for d in range(inner + 1, half + 1)]
            reach = band[:, :, near[0]]
            for o in near[1:]:
                reach = _near(reach) & band[:, :, o]
            lined = _flanks(blk[:, :, near].mean(axis=2), wide, clear) < AREA
            onfar = np.asarray(on[:, :, beyond].all(axis=(1, 2)), dtype=bool)
            arrive = reach & mid[None, :] & lined & onfar[:, None]
            for j in np.nonzero(arrive.any(axis=1))[0].tolist():
                k = int(cand[sl.start + j])
                built = _along_mean((area[yi[j:j + 1, :, beyond], xi[j:j + 1, :, beyond]]
                                     & on[j:j + 1, :, beyond]).mean(axis=2), clear)[0] >= AREA
                row = arrive[j]
                starts = np.nonzero(row & ~np.concatenate([[False], row[:-1]]))[0].tolist()
                for a0 in starts:
                    a1 = a0
                    while a1 + 1 < n and row[a1 + 1]:
                        a1 += 1
                    # back along it from where it arrives: how it slopes, and that it goes on so far
                    path = np.zeros((1, n), dtype=bool)
                    path[0, a0:a1 + 1] = True
                    for o in near[::-1][1:]:
                        path = _near(path) & band[j:j + 1, :, o]
                    if not path.any():
                        continue
                    slope = ((a0 + a1) / 2 - float(np.nonzero(path[0])[0].mean())) / max(1, inner - core)
                    ys, xs = [], []
                    for o in farther:
                        path = _near(path) & loose[j:j + 1, :, o]
                        at = np.nonzero(path[0] & band[j, :, o])[0]
                        ys.append(yi[j, at, o])
                        xs.append(xi[j, at, o])
                    if not path.any():
                        continue
                    if look is not None or not built[(a0 + a1) // 2]:  # (look: sides crossed, the line may run on)
                        seen = []
                        for d, o in zip(range(core, inner + 1), beyond):
                            e0 = math.floor(a0 + slope * (core + d)) - 1
                            e1 = math.ceil(a1 + slope * (core + d)) + 1
                            seen.append(bool(blk[j, max(0, e0):max(0, min(n, e1 + 1)), o].any()))
                        # it goes on: its line shows from just beyond the zone (a pattern past paper does not)
                        if any(all(seen[i:i + END_INLINE]) for i in range(min(END_AT, len(seen) - END_INLINE + 1))):
                            continue
                    # past a corner: arriving near an end of the side, where the side of its hex meeting this
                    # one there is crossed near that end too (the line cut the corner into the third hex)
                    t = 0.06 + 0.88 * (a0 + a1) / 2 / max(1, n - 1)
                    if min(t, 1 - t) < END_CORNER:
                        v = ends[k, 1 if t >= 0.5 else 0]
                        sd = sides[k]
                        cx, cy = lay.hex_to_pixel(sd.a)
                        came = sd.a if ((cx - mx[k]) * nrm[k, 0] + (cy - my[k]) * nrm[k, 1]) * sign > 0 else sd.b
                        cut = False
                        for i in corner.get((round(2 * float(v[0])), round(2 * float(v[1]))), ()):
                            if i == k or not skip[i] or came not in (sides[i].a, sides[i].b):
                                continue
                            ti = _where_crossed(cross, lay, sides, [i])[i]
                            far = ti if np.hypot(*(ends[i, 0] - v)) < np.hypot(*(ends[i, 1] - v)) else 1 - ti
                            cut |= far < END_CORNER
                        if cut:
                            continue
                    out[k] = True
                    yy, xx = np.concatenate(ys), np.concatenate(xs)
                    if len(yy):
                        width[k] = float(np.median(share[yy, xx]))
                        if each is not None:
                            each.setdefault(k, []).append(width[k])
    return out, width


def _along_mean(a: np.ndarray, r: int) -> np.ndarray:
    """Each value of ``a`` (sides, along) the mean of those within ``r`` positions either way along."""
    c = np.pad(np.cumsum(a, axis=1), ((0, 0), (1, 0)))
    n = a.shape[1]
    i = np.arange(n)
    lo, hi = np.clip(i - r, 0, n), np.clip(i + r + 1, 0, n)
    return (c[:, hi] - c[:, lo]) / (hi - lo)


def _flanks(a: np.ndarray, r0: int, r1: int) -> np.ndarray:
    """Each value of ``a`` (sides, along): the larger of the means of those ``r0 + 1`` to ``r1`` positions
    before it and after it (one flank beyond the image's end is empty)."""
    c = np.pad(np.cumsum(a, axis=1), ((0, 0), (1, 0)))
    n = a.shape[1]
    i = np.arange(n)
    out = np.zeros(a.shape)
    for lo, hi in ((i - r1, i - r0), (i + r0 + 1, i + r1 + 1)):
        lo, hi = np.clip(lo, 0, n), np.clip(hi, 0, n)
        out = np.maximum(out, (c[:, hi] - c[:, lo]) / np.maximum(hi - lo, 1))
    return out


def _through_marks(parts: np.ndarray, codes: np.ndarray, tab: np.ndarray, lay: Layout, sides: Sequence[Hexside],
                   ground: np.ndarray, colour: Sequence[float], tol: float, others: Sequence[Sequence[float]],
                   own: np.ndarray | None = None, places: np.ndarray | None = None) -> np.ndarray:
    """For each of ``sides``: the line's own long ``parts`` run through the hex line's zone (:func:`_through`) with
    the marks printed over it passed over (traced notes 15): pixels (``codes`` of the working scale, ``tab`` their
    L*a*b*) off the line's ``colour`` and every other line's (``others``; by ``tol``) lying farther from it and from
    the ground of both hexes (``ground``: (sides, 2, 3), NaN where unknown) than the line lies from that ground - a
    game's fire dot, a zone's outline, a house - not the ground, the line, a blend of the two, nor a shade near
    either. A side with neither ground known is not passed over. ``own`` (the line's own colour's pixels) and
    ``places`` ((sides, along): where each side is crossed): the line's own pixels count too, however short their
    piece, at those places (``SOLID_MOVES`` either way) only (traced notes 27)."""
    half, core, batches = _bands(lay, sides, parts.shape)
    out = np.zeros(len(sides), dtype=bool)
    c = np.asarray(colour, np.float32)
    for sl, _xs, _ys, xi, yi, on in batches:
        cd = codes[yi, xi]
        lab = np.stack([tab[0][cd], tab[1][cd], tab[2][cd]], axis=-1)
        over = np.sqrt(((lab - c) ** 2).sum(axis=-1)) >= tol
        for o in others:
            over &= np.sqrt(((lab - np.asarray(o, np.float32)) ** 2).sum(axis=-1)) >= tol
        g = np.asarray(ground[sl], np.float32)
        known = np.asarray(np.isfinite(g).all(axis=2))  # (sides, 2)
        over &= np.asarray(known.any(axis=1))[:, None, None]
        for j in range(2):
            gj = np.where(known[:, j, None], g[:, j], 0.0)
            line = np.sqrt(((c - gj) ** 2).sum(axis=1))[:, None, None]
            far = (np.sqrt(((lab - gj[:, None, None, :]) ** 2).sum(axis=-1)) > line) & (
                np.sqrt(((lab - c) ** 2).sum(axis=-1)) > line)
            over &= far | ~known[:, j, None, None]
        out[sl] = _through((parts[yi, xi] | over) & on, half, core, SOLID_MOVES)
        if own is not None and places is not None:
            # (traced notes 27) the line's own pieces a mark and what is printed just past the side cut short
            at = places[sl]
            for _ in range(SOLID_MOVES):
                at = _near(at)
            # the mark on one side of the hex line, the line on the other (a fire dot is a half-disc in one hex): the
            # mark's side all mark, the other the line's own pixels, long parts or short; a textured ground's dark
            # specks and its specks of the colour, mixed on both sides, are not
            marks = over & on & at[:, :, None]
            mine = (parts[yi, xi] | own[yi, xi]) & on & at[:, :, None]
            near_side = np.arange(on.shape[2]) < half
            out[sl] |= _through(np.where(near_side, marks, mine), half, core, SOLID_MOVES)
            out[sl] |= _through(np.where(near_side, mine, marks), half, core, SOLID_MOVES)
    return out


def _printed_over(codes: np.ndarray, tab: np.ndarray, lay: Layout, sides: Sequence[Hexside], ground: np.ndarray,
                  colour: Sequence[float], tol: float, others: Sequence[Sequence[float]],
                  within: np.ndarray | None = None) -> np.ndarray | None:
    """The marks printed over a line (traced notes 15) on the whole picture of ``codes`` (the working scale's colour
    codes, ``tab`` their L*a*b*; laid out by ``lay``), each pixel judged against the terrain of the hex it lies in
    as :func:`_through_marks` judges the band's against the side's two hexes: off the line's ``colour`` and every
    other line's (``others``; by ``tol``), farther from that terrain and from the line than the line lies from the
    terrain. The hexes' terrain is the ``ground`` of the ``sides`` they border ((sides, 2, 3), NaN where unknown);
    a pixel of a hex with none known is no mark. None where no hex's is known. ``within``: only these pixels are
    judged (the others no mark)."""
    g = np.asarray(ground, np.float32)
    palette: list[np.ndarray] = []
    index: dict[tuple[float, ...], int] = {}
    owner: dict[Hex, int] = {}
    for k, sd in enumerate(sides):
        for j, h in enumerate(sd.hexes()):
            if h in owner or not np.isfinite(g[k, j]).all():
                continue
            key = tuple(np.round(g[k, j], 1).tolist())
            if key not in index:
                if len(palette) == 255:  # one byte a pixel: a map of more terrain colours leaves the rest unknown
                    continue
                index[key] = len(palette)
                palette.append(g[k, j])
            owner[h] = index[key]
    if not palette:
        return None
    pic = Image.new("L", (codes.shape[1], codes.shape[0]), 0)
    draw = ImageDraw.Draw(pic)
    for h, m in owner.items():
        draw.polygon([tuple(p) for p in lay.corners(h)], fill=m + 1)
    which = np.asarray(pic)
    c = np.asarray(colour, np.float32)
    lab = np.asarray(tab, np.float32).T  # (codes, 3)
    dl = np.sqrt(((lab - c) ** 2).sum(axis=1))
    base = dl >= tol
    for o in others:
        base &= np.sqrt(((lab - np.asarray(o, np.float32)) ** 2).sum(axis=1)) >= tol
    out = np.zeros(codes.shape, dtype=bool)
    at = np.flatnonzero(which) if within is None else np.flatnonzero(within.reshape(-1) & (which.reshape(-1) > 0))
    hexes = which.reshape(-1)[at]
    cd = codes.reshape(-1)[at]
    flat = out.reshape(-1)
    for m, t in enumerate(palette):
        line = float(np.sqrt(((c - t) ** 2).sum()))
        ok = base & (np.sqrt(((lab - t) ** 2).sum(axis=1)) > line) & (dl > line)
        here = hexes == m + 1
        flat[at[here]] = ok[cd[here]]
    return out


def _through(band: np.ndarray, half: int, core: int, moves: int = 1) -> np.ndarray:
    """For each side's band (sides, along, across; ``half`` the middle sample, ``core`` the hex line's
    zone either way): a line runs through the zone from one side to the other - from just outside it on
    one side, across every sample of it to just outside it on the other, moving at most ``moves``
    positions along the side per sample across (one: a line at 45 degrees or steeper to the side, however
    thin), the hex line's own band (half the zone) passed over (its ink was taken out of the lines). An
    oblique line, near a corner, covers the zone at no one position along the side."""
    free = max(1, core // 2)
    reach = band[:, :, half - core - 1]
    for o in range(half - core, half + core + 2):
        step = reach
        for _ in range(moves):
            step = _near(step)
        reach = step if abs(o - half) <= free else step & band[:, :, o]
    return np.asarray(reach.any(axis=1), dtype=bool)


def _crossed_far(mask: np.ndarray, lay: Layout, sides: Sequence[Hexside], bridged: np.ndarray,
                 beyond: float = BEYOND, nearest: bool = True) -> np.ndarray:
    """For the ``bridged`` sides: True where ``mask`` shows on both sides of the side's middle half,
    between the box's reach and ``BEYOND`` hex sizes from the side, and where it comes nearest the side on
    each (along the whole side), it shows across from the middle half too: a line going on beyond a box over
    the crossing, not two lines meeting near a corner (roads leaving a city at a river); other sides False.
    ``nearest`` False: that last condition is not asked."""
    out = _far_band(mask, lay, sides, bridged, beyond, np.linspace(0.25, 0.75, max(6, round(0.5 * _size(lay)))))
    if nearest and out.any():
        out &= _far_band(mask, lay, sides, out, beyond, np.linspace(0.0, 1.0, max(12, round(_size(lay)))), True)
    return out


def _far_band(mask: np.ndarray, lay: Layout, sides: Sequence[Hexside], bridged: np.ndarray, beyond: float,
              ta: np.ndarray, nearest: bool = False) -> np.ndarray:
    """For the ``bridged`` sides: True where ``mask`` shows on both sides, between 0.3 hex sizes and ``beyond``
    from the side, at the positions ``ta`` (0-1) along it; ``nearest``: where it shows nearest the side on each, it
    shows within the side's middle half (:func:`_crossed_far`). Other sides False."""
    s = _size(lay)
    h, w = mask.shape
    out = np.zeros(len(sides), dtype=bool)
    idx = np.nonzero(bridged)[0]
    if not len(idx):
        return out
    ends = np.array([lay.hexside_endpoints(sides[k]) for k in idx.tolist()], dtype=np.float64).reshape(-1, 2, 2)
    p0, vec = ends[:, 0], ends[:, 1] - ends[:, 0]
    length = np.linalg.norm(vec, axis=1, keepdims=True)
    nrm = np.stack([-vec[:, 1], vec[:, 0]], axis=1) / np.maximum(length, 1e-9)
    mid = (ta >= 0.25) & (ta <= 0.75)
    reach = max(4, math.ceil(beyond * s))
    near = max(2, math.ceil(0.3 * s))
    oa = np.arange(-reach, reach + 1, dtype=np.float64)
    xs = p0[:, None, None, 0] + vec[:, None, None, 0] * ta[None, :, None] + nrm[:, None, None, 0] * oa
    ys = p0[:, None, None, 1] + vec[:, None, None, 1] * ta[None, :, None] + nrm[:, None, None, 1] * oa
    xi, yi = np.rint(xs).astype(np.intp), np.rint(ys).astype(np.intp)
    on = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
    band = mask[np.clip(yi, 0, h - 1), np.clip(xi, 0, w - 1)] & on
    ok = []
    for part in (band[:, :, reach - near::-1], band[:, :, reach + near:]):  # each side, from the box's end out
        rows = part.any(axis=1)
        got = rows.any(axis=1)
        if nearest:
            first = np.argmax(rows, axis=1)  # the nearest offset where the line shows, along the whole side
            got &= (part[np.arange(len(part)), :, first] & mid).any(axis=1)
        ok.append(got)
    out[idx] = ok[0] & ok[1]
    return out


def ink_crossings(image: Image.Image, grid: Grid, sides: Sequence[Hexside], colour: Sequence[float],
                  features: Sequence[tuple[str, Sequence[int]]],
                  ink: Sequence[tuple[float, float, np.ndarray]] = (),
                  bridged: np.ndarray | None = None, others: Sequence[Sequence[int]] = (),
                  areal: dict[str, np.ndarray] | None = None) -> tuple[dict[str, np.ndarray], dict[str, str]]:
    """Black line features of one ink told apart by shape (ink notes): for each ``(name, indices
    of its marked example sides)``, 1.0 for each side its line crosses, else 0.0; and what each was
    taken for (``double``, or ``single`` with its share of ink). ``others``: the marked example sides of each
    line of another colour traced beside them (ink notes 15). ``areal``: a dict given gets, for each feature, whether
    each of its marked sides' band is ``AREA`` or more full of the ink (ink notes 16: the ink takes in the ground
    there)."""
    if not sides:
        return {name: np.zeros(0) for name, _ in features}, {}
    work, lay, s, f, offset = _cut(image, grid, sides)
    tab = lab_table()
    codes = rgb_codes(np.asarray(work.convert("RGB")))
    col = scan_black(tab, codes, np.asarray(colour, np.float32))
    dist = np.sqrt(((tab - col[:, None]) ** 2).sum(axis=0))
    inky = (dist < INK_TOLERANCE)[codes]
    dark = (dist < DARK_TOLERANCE)[codes]
    light = (tab[0] > col[0] + LIGHT)[codes]
    for m in (inky, dark):
        _remove_ink(m, f, ink, offset)
    if areal is not None:
        # (ink notes 16) where the user marked the line, its band an area of the ink: the ink takes in the ground
        for name, yes in features:
            full = np.zeros(len(yes), dtype=bool)
            _h, _c, batches = _bands(lay, [sides[k] for k in yes], inky.shape)
            for sl, _x, _y, xi, yi, on in batches:
                full[sl] = (inky[yi, xi] & on).mean(axis=(1, 2)) >= AREA
            areal[name] = full
    # the calibrated hex lines, drawn
    gpic = Image.new("L", (inky.shape[1], inky.shape[0]), 0)
    draw = ImageDraw.Draw(gpic)
    gw = max(1, round(GRID_BAND * s))
    for sd in grid.hexsides():
        (ax, ay), (bx, by) = lay.hexside_endpoints(sd)
        if -s < ax < gpic.width + s and -s < ay < gpic.height + s:
            draw.line([(ax, ay), (bx, by)], fill=255, width=gw)
    # and where the printed line lies off the calibrated one (a folded or warped sheet), where it is printed
    for (ax, ay), (bx, by), pw in _printed_sides(dark, lay, grid, s, gw):
        draw.line([(ax, ay), (bx, by)], fill=255, width=max(gw, pw))
    hexlines = np.asarray(gpic) > 0
    length = max(6.0, LONG * s)
    runs: list[np.ndarray] = []
    lines = _long(inky, length, runs=runs) & ~hexlines
    # printed names: rows of letter-sized parts, in the ink proper and in its lighter edges
    # (and in the ink proper as printed: the calibrated hex lines' band cuts a name's letters into pieces, stems
    # and bars, that no longer look like letters, where the hex lines themselves are printed in another colour)
    lettering = _grow(_lettering(dark & ~hexlines, inky, lines, s) | _lettering(dark, inky, lines, s)
                      | _lettering(inky & ~hexlines, inky, lines, s), 1) & inky
    wall = max(1, round(WALL * s))
    walls = dark & lines
    middle = np.zeros_like(light)
    for dy, dx in ((0, 1), (1, 0), (1, 1), (1, -1)):
        a, b = np.zeros_like(dark), np.zeros_like(dark)
        for k in range(1, wall + 1):
            a |= _shift(walls, dy * k, dx * k)
            b |= _shift(walls, -dy * k, -dx * k)
        middle |= light & a & b
    double = _grow(_long(middle, length), 1) & ~hexlines
    single = lines & ~_grow(double, wall + 1)
    share = _box_share(dark, wall)
    # a straight single line broken (a road crossing it, a name printed over it) goes on across the break
    corners = lay.corners(grid.hexes()[0])
    side_angles = [math.atan2(q[1] - p[1], q[0] - p[0]) for p, q in zip(corners, corners[1:] + corners[:1])]
    join, join_share = _bridges(single, runs, share, GAP * s, _grow(hexlines, 2), side_angles)
    join &= ~single & ~hexlines
    scores: dict[str, np.ndarray] = {}
    taken: dict[str, str] = {}
    ends = _ends(lay, sides)
    dbl_hit = _crossed(double, lay, sides, inky, into=True, ends=ends)
    # a double line ending in the hex line's zone, its walls (or other lines) going on beyond: it was
    # broken there (it leaves a town dot just beyond the side, its paper filled)
    dbl_hit |= _continued(double, lines & ~double, lay, sides, ends)
    dbl_hit |= _ended(double, lines | double, inky, share, lay, sides, ends, dbl_hit, double)[0]
    one_hit = _crossed(single | join, lay, sides, lines, ends=ends)  # an area of the long lines: a road ends in a city
    # a line that ends at a side, nothing of it beyond (a road drawn up to a city hex's side, a railway's
    # arrow whose tip sits on it), links the two hexes; its width is read back along it, off the side
    ended, end_width = _ended(single, lines | join, inky, share, lay, sides, ends, one_hit, single | join)
    ended &= ~dbl_hit  # where a double line crosses or ends at the side, single ends there are its walls
    one_hit |= ended
    # a crossing only printed lettering makes is none: the line must cross without it
    idx = np.nonzero(one_hit)[0]
    if len(idx) and lettering.any():
        one_hit[idx] = _lettering_share(single | join, lettering, lay, [sides[k] for k in idx.tolist()],
                                        ends[idx]) < LETTER_SHARE
    # a double line broken by a bridge box: the box's walls cross the side, the double line goes on
    # beyond it on both sides
    river = np.zeros(len(sides), dtype=bool) if bridged is None else np.asarray(bridged, dtype=bool)
    # (single lines crossing a river side with the double line beyond it on both sides, in line or not, are taken
    # for a box's walls, as before the nearest test)
    walls = _crossed_far(double, lay, sides, (one_hit | river) & ~dbl_hit, BOX_BEYOND, nearest=False)
    boxed = walls.copy()
    if walls.any():
        boxed &= _far_band(double, lay, sides, walls, BOX_BEYOND, np.linspace(0.0, 1.0, max(12, round(s))), True)
    dbl_hit |= boxed
    one_hit &= ~walls & ~(dbl_hit & river)  # the box of the double line's bridge is no line of its own
    # on a river side the river's own centre line, in the ink, meanders across the hex line: a single line crosses
    # there only where it runs on out from the hex line on both sides (ink notes 12)
    on_river = np.nonzero(one_hit & river & ~ended)[0]
    one_hit[on_river] = _runs_out(single | join, lay, sides, ends, on_river, RIVER_OUT)
    where = _where_crossed(single | join, lay, sides, np.nonzero(river)[0].tolist())
    singles: list[tuple[float, str]] = []
    for name, yes in features:
        if len(yes) and dbl_hit[list(yes)].mean() >= 0.5 and dbl_hit[list(yes)].sum() > one_hit[list(yes)].sum():
            # its walls as thin as its examples' (bold lettering's strokes have paper between them too)
            thick = _walls(dark, double, lay, sides, ends, np.nonzero(dbl_hit)[0])
            learned = [thick[k] for k in yes if dbl_hit[k] and not math.isnan(thick[k])]
            hit = dbl_hit.copy()
            if learned:
                hit &= ~(thick > SAME_WIDTH * float(np.median(learned)))
            scores[name] = hit.astype(float)
            taken[name] = "double"
            continue
        got = [_width(single, share, join, join_share, lay, sides[k], s, where.get(k)) for k in yes]
        seen = [v for v in got if v is not None]
        singles.append((float(np.median(seen)) if seen else math.nan, name))
    known = sorted((v, n) for v, n in singles if not math.isnan(v))
    cuts = [(a[0] + b[0]) / 2 for a, b in itertools.pairwise(known)]
    widths = np.full(len(sides), np.nan)
    # the upper end of the widest line's widths (as its range below): beyond a bridge box, a side read wider is no line
    widest = known[-1][0] + 1.5 * (known[-1][0] - cuts[-1]) if cuts else None
    for k in np.nonzero(one_hit)[0].tolist():
        w = end_width[k] if ended[k] else _width(single, share, join, join_share, lay, sides[k], s, where.get(k),
                                                 widest)
        widths[k] = math.nan if w is None else w
    # two lines crossing one side apart (a railway beside a road, a road crossing near a railway): each its width
    apart = {} if len(known) < 2 else _apart(single | join, np.where(join, join_share, share), lay, sides, ends,
                                              np.nonzero(one_hit & ~ended & ~river)[0])
    if len(known) >= 2:
        # a crossing that is a line ending at the side (an arrow's head into a city, whose pattern's strokes lie
        # beyond the side): the width of each line ending there, read back along it (ink notes 11)
        tips: dict[int, list[float]] = {}
        _ended(single, lines | join, inky, share, lay, sides, ends, one_hit, single | join,
               look=one_hit & ~ended & ~dbl_hit & ~river, each=tips)
        for k, ws in tips.items():
            apart[k] = ws + apart.get(k, [])
    for v, name in singles:
        if math.isnan(v) or len(known) < 2:
            # no width told apart (one single feature in the ink: any long straight ink is taken for it):
            # an end at a side is no sign of the line (a shading edge, a letter's stem, a house block)
            alone = one_hit & ~ended
            # nor is a hairline (a printed area's outline) where the line learned is broad (ink notes 13)
            marked = [k for k in dict(features)[name] if alone[k]]
            if marked:
                on = np.nonzero(alone)[0]
                span = _span(single | join, lay, sides, ends, np.concatenate([on, marked]))
                narrowest = float(span[len(on):].min())
                n_at = max(12, round(0.9 * s))  # the positions along a side (:func:`_bands`), about one a pixel
                broad = narrowest * n_at >= SPAN_BROAD * HAIR_SPAN
                if broad:
                    alone[on] = span[: len(on)] >= SPAN_SHARE * narrowest
                if broad or INK_PROPER:
                    # and in the ink proper as much as a broad line's strokes are: a hairline blurs lighter (notes
                    # 13); and, the examples broad or not, a texture's dark blotches within the ink's tolerance are
                    # not the ink proper where the line's strokes are (ink notes 17: New Manchuria's mountain)
                    kept = np.concatenate([on[alone[on]], marked])
                    inked = _dark_share(single | join, dark, lay, sides, ends, kept)
                    left = len(kept) - len(marked)
                    alone[kept[:left]] = inked[:left] >= DARK_SHARE * float(inked[left:].min())
                if broad:
                    # and as thick beyond the hex line's zone as its examples' lines: a hairline, or the ink of
                    # a corner that does not run on, is a pixel or two across out there (ink notes 13)
                    judged = np.setdiff1d(np.nonzero(alone)[0], marked)
                    thick = _out_thickness(single | join, lay, sides, ends, np.concatenate([judged, marked]))
                    if np.isfinite(thick[len(judged):]).all():
                        alone[judged] = ~(thick[:len(judged)] < OUT_THICK * float(thick[len(judged):].min()))
            if marked and others:
                # a darker line of another colour, taken in by the ink's tolerance (ink notes 15)
                alone &= _darker_than_others(single | join, dark, lay, sides, ends, alone, marked, one_hit, others)
            given = list(dict(features)[name])
            if INK_PROPER and given:
                # (ink notes 17) solid ink thicker than the marked sides' strokes (a bold name's) is not the line:
                # a crossing must be made without it; and where the ink's tolerance makes the band an area (a
                # texture's dark blotches about the line), the line is read in the ink proper, as the marked sides
                # show it
                solid = _solid(dark, inky, single | join, lay, sides, ends, given)
                judged = np.setdiff1d(np.nonzero(alone)[0], given)
                if len(judged):
                    alone[judged] = _crossed((single | join) & ~solid, lay, [sides[k] for k in judged.tolist()],
                                             lines, ends=ends[judged])
                if not _ink_takes_others(one_hit, given, others):
                    alone |= _proper_crossings(dark & ~solid, lines, lettering, hexlines, lay, sides, ends, given,
                                               length)
            scores[name] = alone.astype(float)
            taken[name] = "single"
            continue
        i = [n for _, n in known].index(name)
        lo = cuts[i - 1] if i > 0 else -1.0
        hi = cuts[i] if i < len(cuts) else v + 1.5 * (v - cuts[-1])
        hit = one_hit & (widths >= lo) & (widths < hi)
        for k, ws in apart.items():
            hit[k] = any(lo <= w < hi for w in ws)
        scores[name] = hit.astype(float)
        taken[name] = f"single, ink share {max(lo, 0.0):.2f}-{min(hi, 1.0):.2f} (examples {v:.2f})"
    return scores, taken


def _ink_takes_others(one_hit: np.ndarray, marked: Sequence[int], others: Sequence[Sequence[int]]) -> bool:
    """(ink notes 17) Whether a line of another colour lies within the ink's tolerance, as ink notes 15's premise
    reads it: the ink's long lines (``one_hit``) cross more than half of its marked sides (``others``: each such line's;
    the feature's own ``marked`` sides left out)."""
    for yes in others:
        rest = [k for k in yes if k not in marked]
        if rest and 2 * sum(1 for k in rest if one_hit[k]) > len(rest):
            return True
    return False


def _solid(dark: np.ndarray, inky: np.ndarray, line: np.ndarray, lay: Layout, sides: Sequence[Hexside],
           ends: np.ndarray, marked: Sequence[int]) -> np.ndarray:
    """(ink notes 17) The ink printed thicker than a lone single feature's strokes: the half-width (:func:`_depth`)
    of the ink proper ``dark`` among the ``line`` pixels in the ``marked`` sides' bands, at most, is its strokes';
    where ``dark`` lies deeper than that, a stroke wider than any of them (a bold name's, a town's dot), and that
    stroke, grown back by the half-width and a pixel within ``inky`` (its blended rim), is solid. None where the
    marked sides show no ink proper (all False)."""
    depth = _depth(dark, SOLID_CAP)
    half = _per_side(line, lay, sides, ends, np.asarray(marked, dtype=np.intp),
                     lambda band, xi, yi, _h, _c: np.where(band & dark[yi, xi], depth[yi, xi], 0).max(axis=(1, 2)))
    w = int(half.max()) if len(half) else 0
    if w <= 0 or w >= SOLID_CAP:
        return np.zeros_like(dark)
    return _grow(dark & (depth > w), w + 1) & inky


def _proper_crossings(dark: np.ndarray, lines: np.ndarray, lettering: np.ndarray,
                      hexlines: np.ndarray, lay: Layout, sides: Sequence[Hexside], ends: np.ndarray,
                      marked: Sequence[int], length: float) -> np.ndarray:
    """(ink notes 17) The sides a lone single feature's line crosses in the ink proper where the ink's tolerance
    makes its band an area: True where the long straight runs of ``dark`` (the ink proper; the hex lines' band
    ``hexlines`` out) cross the side (:func:`_crossed`, their own band under ``AREA``) while the long runs of the
    ink's tolerance (``lines``) fill ``AREA`` or more of it, and the crossing's pixels are less than
    ``LETTER_SHARE`` ``lettering``. None unless at least half the ``marked`` sides are crossed so by the ink proper
    (the line printed in it, as the user marked it)."""
    out = np.zeros(len(sides), dtype=bool)
    proper = _long(dark, length) & ~hexlines
    hit = _crossed(proper, lay, sides, proper, ends=ends)
    if 2 * int(hit[list(marked)].sum()) < len(marked):
        return out
    idx = np.nonzero(hit)[0]
    if not len(idx):
        return out
    full = _per_side(lines, lay, sides, ends, idx, lambda band, _xi, _yi, _h, _c: band.mean(axis=(1, 2)))
    idx = idx[full >= AREA]
    if len(idx):
        lettered = _lettering_share(proper, lettering, lay, [sides[k] for k in idx.tolist()], ends[idx])
        out[idx[lettered < LETTER_SHARE]] = True
    return out


def _darker_than_others(mask: np.ndarray, dark: np.ndarray, lay: Layout, sides: Sequence[Hexside], ends: np.ndarray,
                        alone: np.ndarray, marked: Sequence[int], one_hit: np.ndarray,
                        others: Sequence[Sequence[int]]) -> np.ndarray:
    """(ink notes 15) Which sides of ``alone`` (a lone single feature's crossings; ``marked``: its marked sides among
    them) stay: where another line's marked sides are crossed by the ink's long lines too (``one_hit``), their ink
    proper share (:func:`_dark_share`) and the feature's marked sides' are read; where every one of the feature's is
    above the midpoint of the two medians and every one of the other line's below it, a crossing below it is the
    other line. Marked sides are never refused; elsewhere (no such line, or not told apart) every side stays."""
    keep = np.ones(len(alone), dtype=bool)
    own = _dark_share(mask, dark, lay, sides, ends, np.asarray(marked, dtype=np.intp))
    on = np.nonzero(alone)[0]
    share = _dark_share(mask, dark, lay, sides, ends, on)
    for yes in others:
        theirs = [k for k in yes if one_hit[k] and k not in marked]
        # the premise: a line the ink's tolerance takes in is the ink's long lines at most of its marked sides (a
        # thin line's ink breaks here and there: Gettysburg's road, 2 of its 3); where no more than half are crossed
        # (a user's mid-grey road for Seelowe: 2 of its 4), its colour is not the ink's and the crossings there are
        # something else's (read as a rival, Seelowe's railway beside it lost 5 of its 21 links)
        if not theirs or 2 * len(theirs) <= sum(1 for k in yes if k not in marked):
            continue
        low = _dark_share(mask, dark, lay, sides, ends, np.asarray(theirs, dtype=np.intp))
        cut = (float(np.median(own)) + float(np.median(low))) / 2
        if (own > cut).all() and (low < cut).all():
            keep[on[share < cut]] = False
    keep[list(marked)] = True
    return keep


def scan_black(tab: np.ndarray, codes: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """The ink's colour as this scan prints it (ink notes 14): ``colour`` (L*a*b*, the legend's) with its L* raised by
    as much as the scan's black - the median L* of its darkest ``BLACK_SHARE`` of pixels (``codes`` into the colour
    table ``tab``) - lies more than ``BLACK_SLACK`` above it; else ``colour`` itself."""
    flat = codes.ravel()
    if not flat.size:
        return colour
    light = tab[0][flat]
    k = max(1, math.ceil(BLACK_SHARE * flat.size))
    cut = np.partition(light, k - 1)[k - 1]
    excess = float(np.median(light[light <= cut])) - float(colour[0]) - BLACK_SLACK
    if excess <= 0:
        return colour
    out = np.array(colour, np.float32)
    out[0] += excess
    return out


def _printed_sides(dark: np.ndarray, lay: Layout, grid: Grid, s: float, band: int,
                   ) -> list[tuple[tuple[float, float], tuple[float, float], int]]:
    """The hex sides printed off their calibrated place (ink notes 1: a folded or warped sheet, where one
    affine grid lies up to a tenth of a hex off the printed lines): for each side of every hex (those on the grid's
    edge are printed too), the dark ink along its middle (``PRINTED_MIDDLE`` of its length) at each offset across it
    up to ``PRINTED_REACH`` hex sizes. Where it shows along ``PRINTED_SHARE`` of it at an offset (the nearest of the
    fullest), the offsets next to that where it shows so too reach beyond the calibrated line's ``band`` (px wide),
    and it does not show so anywhere within that band (there it is the printed hex line, and what lies beside it
    another line along the side), the side is moved to their middle and on along itself as far at both ends: its
    ends and the width it is printed (those offsets' and a pixel more each way). None where fewer than
    ``PRINTED_SIDES`` of the sides show so: the hex lines are not printed in the ink."""
    h, w = dark.shape
    reach = max(1, round(PRINTED_REACH * s))
    # every hex's six sides (those on the grid's edge are printed too)
    edges: dict[tuple[int, int], tuple[tuple[float, float], tuple[float, float]]] = {}
    for hx in grid.hexes():
        cs = lay.corners(hx)
        for p, q in zip(cs, cs[1:] + cs[:1]):
            edges.setdefault((round(p[0] + q[0]), round(p[1] + q[1])), (p, q))
    ends = np.array(list(edges.values()), dtype=np.float64).reshape(-1, 2, 2)
    inside = ((ends[:, :, 0] > -s) & (ends[:, :, 0] < w + s)
              & (ends[:, :, 1] > -s) & (ends[:, :, 1] < h + s)).all(axis=1)
    ends = ends[inside]
    if not len(ends):
        return []
    vec = ends[:, 1] - ends[:, 0]
    length = np.linalg.norm(vec, axis=1, keepdims=True)
    u = vec / np.maximum(length, 1e-9)
    nrm = np.stack([-u[:, 1], u[:, 0]], axis=1)
    lo = (1 - PRINTED_MIDDLE) / 2
    t = np.linspace(lo, 1 - lo, max(8, round(PRINTED_MIDDLE * s)))
    offsets = sorted(range(-reach, reach + 1), key=abs)  # the nearest first: ties go to it
    offsets_ = np.array(offsets)
    cover = np.zeros((len(ends), len(offsets)))
    for j, o in enumerate(offsets):
        xs = ends[:, 0, 0:1] + vec[:, 0:1] * t[None, :] + nrm[:, 0:1] * o
        ys = ends[:, 0, 1:2] + vec[:, 1:2] * t[None, :] + nrm[:, 1:2] * o
        xi, yi = np.rint(xs).astype(np.intp), np.rint(ys).astype(np.intp)
        on = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
        got = dark[np.clip(yi, 0, h - 1), np.clip(xi, 0, w - 1)] & on
        cover[:, j] = got.sum(axis=1) / np.maximum(1, on.sum(axis=1))
    best = cover.argmax(axis=1)
    full = cover[np.arange(len(ends)), best]
    if (full >= PRINTED_SHARE).mean() < PRINTED_SIDES:
        # the hex lines are not printed in this ink (The Longest Day's grey lines under black roads): what runs
        # along a side in it is a line, not the side
        return []
    out = []
    order = np.argsort(offsets)
    for k in np.nonzero((best != 0) & (full >= PRINTED_SHARE))[0].tolist():
        # moved across to the middle of the offsets it shows at (contiguous with the fullest), as wide as they
        # are and a pixel more each way, and on along it as far at both ends: its corners moved along it too
        row = cover[k, order] >= PRINTED_SHARE
        at = int(np.nonzero(order == best[k])[0][0])
        lo_, hi_ = at, at
        while lo_ > 0 and row[lo_ - 1]:
            lo_ -= 1
        while hi_ < len(row) - 1 and row[hi_ + 1]:
            hi_ += 1
        first, last = offsets[int(order[lo_])], offsets[int(order[hi_])]
        if max(-first, last) <= band / 2 or (cover[k, np.abs(offsets_) <= band / 2] >= PRINTED_SHARE).any():
            # within the calibrated line's band: taken out already; or the printed line is there too, and what
            # shows beside it is another line along the side (a road or railway printed next to the hex line)
            continue
        mid = (first + last) / 2
        dx, dy = nrm[k, 0] * mid - u[k, 0] * reach, nrm[k, 1] * mid - u[k, 1] * reach
        ex, ey = nrm[k, 0] * mid + u[k, 0] * reach, nrm[k, 1] * mid + u[k, 1] * reach
        (ax, ay), (bx, by) = ends[k]
        out.append(((ax + dx, ay + dy), (bx + ex, by + ey), last - first + 3))
    return out


def _crossing_runs(mask: np.ndarray, lay: Layout, sides: Sequence[Hexside], ends: np.ndarray, idx: np.ndarray,
                   ) -> Iterator[tuple[int, np.ndarray, np.ndarray, np.ndarray, list[tuple[int, int]], int, int]]:
    """For each of the sides ``idx`` (their ``ends``) that ``mask`` crosses: (its position in ``idx``, its band
    of the mask (positions along the side, samples across), the band's columns and rows, the runs of positions
    (first, last) where the mask shows on both sides of the hex line's zone, as :func:`_crossed` finds them, and
    the band's ``half`` and ``core``)."""
    half, core, batches = _bands(lay, [sides[k] for k in idx.tolist()], mask.shape, ends[idx])
    for sl, _xs, _ys, xi, yi, on in batches:
        band = mask[yi, xi] & on
        at = _both_sides(band, half, core)
        n = at.shape[1]
        for j in np.nonzero(at.any(axis=1))[0].tolist():
            row = at[j]
            runs = []
            for a0 in np.nonzero(row & ~np.concatenate([[False], row[:-1]]))[0].tolist():
                a1 = a0
                while a1 + 1 < n and row[a1 + 1]:
                    a1 += 1
                runs.append((a0, a1))
            yield sl.start + j, band[j], xi[j], yi[j], runs, half, core


def _out_thickness(mask: np.ndarray, lay: Layout, sides: Sequence[Hexside], ends: np.ndarray, idx: np.ndarray
                   ) -> np.ndarray:
    """For the sides ``idx`` (their ``ends``): how thick the line crossing each is beyond the hex line's zone - of each
    crossing's line followed out to the band's edge on each side (:func:`_followed`), the mean count of positions it
    shows at per sample, the thinner side's; the thickest crossing's. NaN where ``mask`` does not cross the side so
    (a crossing through the zone at a slant, :func:`_through`)."""
    out = np.full(len(idx), np.nan)
    for k, band, _xi, _yi, runs, half, core in _crossing_runs(mask, lay, sides, ends, idx):
        out[k] = max(min(float(np.mean([nxt.sum() for _o, nxt in way])) for way in _followed(band, a0, a1, half, core))
                     for a0, a1 in runs)
    return out


def _followed(band: np.ndarray, a0: int, a1: int, half: int, core: int) -> list[list[tuple[int, np.ndarray]]]:
    """The run ``a0..a1`` of a crossing in ``band`` (positions, samples) followed out from the hex line's zone's
    edge to the band's edge on each side, moving at most one position along the side per sample, as a crossing
    line does: per side, (sample, the positions where the line shows there; none where it does not)."""
    n = band.shape[0]
    out = []
    for rows in (range(half - core, -1, -1), range(half + core, 2 * half + 1)):
        path = np.zeros(n, dtype=bool)
        path[a0:a1 + 1] = True
        got = []
        for o in rows:
            step = _near(path[None])[0]
            nxt = step & band[:, o]
            got.append((o, nxt))
            path = nxt if nxt.any() else step
        out.append(got)
    return out


def _apart(mask: np.ndarray, share: np.ndarray, lay: Layout, sides: Sequence[Hexside], ends: np.ndarray,
           idx: np.ndarray) -> dict[int, list[float]]:
    """For the sides ``idx`` crossed by lines of ``mask`` at two or more places apart along the side (runs of
    positions where the mask shows on both sides of the hex line's zone, as :func:`_crossed` finds them,
    with a position between them where it does not): the width of each, the median ``share`` of the mask's
    pixels across the band at its positions (ink notes 10). Sides crossed at one place are left out."""
    out: dict[int, list[float]] = {}
    if not len(idx):
        return out
    for k, band, xi, yi, runs, half, core in _crossing_runs(mask, lay, sides, ends, idx):
        if len(runs) < 2:
            continue
        n = band.shape[0]
        widths = []
        for a0, a1 in runs:
            if abs((a0 + a1) / 2 / max(1, n - 1) * 0.88 + 0.06 - 0.5) > END_MIDDLE / 2:
                continue  # at a corner: the line may be the next side's
            got = []
            for way in _followed(band, a0, a1, half, core):
                shown = [(o, nxt) for o, nxt in way if nxt.any()]
                if len(shown) < APART_LINE * len(way):
                    break  # not a line through the band there (specks, a letter's pieces)
                got.append(float(np.median(np.concatenate([share[yi[nxt, o], xi[nxt, o]] for o, nxt in shown]))))
            else:
                widths.append(min(got))
        if len(widths) >= 2:
            out[int(idx[k])] = widths
    return out


def _walls(dark: np.ndarray, double: np.ndarray, lay: Layout, sides: Sequence[Hexside], ends: np.ndarray,
           idx: np.ndarray) -> np.ndarray:
    """For the sides ``idx``: the mean half-width (:func:`_depth`) of the ``dark`` ink beside the ``double`` line's
    paper (within two pixels of it) in the band across the side: a double line's walls (ink notes 5); NaN for
    the other sides and where there is none."""
    out = np.full(len(sides), np.nan)
    if not len(idx):
        return out
    depth = _depth(dark, 4)
    wall = dark & _grow(double, 2) & ~double
    _half, _core, batches = _bands(lay, [sides[k] for k in idx.tolist()], dark.shape, ends[idx])
    for sl, _xs, _ys, xi, yi, on in batches:
        m = wall[yi, xi] & on
        n = m.sum(axis=(1, 2))
        mean = np.where(m, depth[yi, xi], 0).sum(axis=(1, 2)) / np.maximum(n, 1)
        out[idx[sl]] = np.where(n > 0, mean, np.nan)
    return out


def _width(single: np.ndarray, share: np.ndarray, join: np.ndarray, join_share: np.ndarray, lay: Layout,
           sd: Hexside, s: float, at: float | None, widest: float | None = None) -> float | None:
    """The width (ink share) of the line crossing side ``sd``: of the single lines near its middle (on a
    river side, beyond a bridge box: :func:`_side_share`), or where there are none, of the joins across
    breaks in them (:func:`_bridges`)."""
    got = _side_share(single, share, lay, sd, s, at, widest)
    return _side_share(join, join_share, lay, sd, s, at, widest) if got is None else got


def _side_share(single: np.ndarray, share: np.ndarray, lay: Layout, sd: Hexside, s: float,
                at: float | None = None, widest: float | None = None) -> float | None:
    """The ink share of the single-line pixels near the middle of side ``sd`` (their median); on a
    river side (``at``: where along it, 0-1, the line crosses; a box may be drawn over the crossing, in
    lines of its own), of those beyond the box along the crossing, when there are any: across the side
    ``BRIDGE`` to ``BEYOND`` hex sizes from it, on both sides, within ``ALONG`` of the side's length of
    where it crosses (the river's own black line beside the box and a city beyond it are not read); ``widest``: the
    upper end of the widest line's widths, above which the read of one side of the box (the other's below it) is
    not the line's (ink notes 5)."""
    (ax, ay), (bx, by) = lay.hexside_endpoints(sd)
    h, w = single.shape
    if at is not None:
        vx, vy = bx - ax, by - ay
        length = math.hypot(vx, vy)
        t = np.arange(max(0.0, at - ALONG) * length, min(1.0, at + ALONG) * length + 0.01, 1.0)
        o = np.arange(BRIDGE * s, BEYOND * s + 0.01, 1.0)
        reads = []
        for oo in (-o, o):
            xs = np.rint(ax + vx / length * t[:, None] - vy / length * oo[None, :]).astype(np.intp)
            ys = np.rint(ay + vy / length * t[:, None] + vx / length * oo[None, :]).astype(np.intp)
            on = (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
            xs, ys = xs[on], ys[on]
            got = share[ys, xs][single[ys, xs]]
            if len(got):
                reads.append(got)
        if widest is not None and len(reads) == 2:
            # one side wider than any line of the ink (a town dot the line runs into beside the bridge): the other
            lined = [r for r in reads if float(np.median(r)) < widest]
            if len(lined) == 1:
                reads = lined
        if reads:
            return float(np.median(np.concatenate(reads)))
    cx, cy = (ax + bx) / 2, (ay + by) / 2
    r = max(2, round(0.35 * s))
    y0, y1 = max(0, round(cy) - r), min(h, round(cy) + r + 1)
    x0, x1 = max(0, round(cx) - r), min(w, round(cx) + r + 1)
    if y1 <= y0 or x1 <= x0:
        return None
    sel = single[y0:y1, x0:x1]
    return float(np.median(share[y0:y1, x0:x1][sel])) if sel.any() else None


def _span(mask: np.ndarray, lay: Layout, sides: Sequence[Hexside], ends: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """For the sides ``idx``: the share of the positions along each where a line of ``mask`` shows on both sides
    of the hex line's zone (as in :func:`_where_crossed`): how broad its crossing is along the side."""
    return _per_side(mask, lay, sides, ends, idx,
                     lambda band, _xi, _yi, half, core: _both_sides(band, half, core).mean(axis=1))


def _dark_share(mask: np.ndarray, dark: np.ndarray, lay: Layout, sides: Sequence[Hexside], ends: np.ndarray,
                idx: np.ndarray) -> np.ndarray:
    """For the sides ``idx``: the share of the pixels of ``mask`` in the band across each (:func:`_bands`) that are
    also ``dark`` (the ink proper): how much of the line crossing there is printed in the ink, not blurred lighter."""
    return _per_side(mask, lay, sides, ends, idx, lambda band, xi, yi, _half, _core:
                     (band & dark[yi, xi]).sum(axis=(1, 2)) / np.maximum(band.sum(axis=(1, 2)), 1))


def _per_side(mask: np.ndarray, lay: Layout, sides: Sequence[Hexside], ends: np.ndarray, idx: np.ndarray,
              read: Callable[[np.ndarray, np.ndarray, np.ndarray, int, int], np.ndarray]) -> np.ndarray:
    """For the sides ``idx`` (their ``ends``): one number each, ``read`` from their bands of ``mask`` (a batch of
    bands: positions along the side, samples across), the bands' columns and rows, and the bands' ``half`` and
    ``core``."""
    out = np.zeros(len(idx))
    if not len(idx):
        return out
    half, core, batches = _bands(lay, [sides[k] for k in idx.tolist()], mask.shape, ends[idx])
    for sl, _xs, _ys, xi, yi, on in batches:
        out[sl] = read(mask[yi, xi] & on, xi, yi, half, core)
    return out


def _both_sides(band: np.ndarray, half: int, core: int) -> np.ndarray:
    """For a batch of bands (positions along the side, samples across): True at each position (give or take one)
    where the band shows beyond the hex line's zone on one side and on the other."""
    one, other = band[:, :, : half - core + 1].any(axis=2), band[:, :, half + core:].any(axis=2)
    return _near(np.asarray(one)) & _near(np.asarray(other))


def _where_crossed(mask: np.ndarray, lay: Layout, sides: Sequence[Hexside], idx: Sequence[int]) -> dict[int, float]:
    """For the sides ``idx``: where along each (0-1) a line of ``mask`` crosses it (the median of the
    positions it does, as in :func:`_crossed`), the side's middle where none does."""
    if not len(idx):
        return {}
    sub = [sides[k] for k in idx]
    half, core, batches = _bands(lay, sub, mask.shape)
    out: dict[int, float] = {}
    for sl, _xs, _ys, xi, yi, on in batches:
        band = mask[yi, xi] & on
        at = _both_sides(band, half, core)
        ta = np.linspace(0.06, 0.94, at.shape[1])
        for j, row in zip(range(*sl.indices(len(sub))), at):
            out[idx[j]] = float(np.median(ta[row])) if row.any() else 0.5
    return out


def _lettering(ink: np.ndarray, other: np.ndarray, lines: np.ndarray, s: float) -> np.ndarray:
    """The pixels of ``ink`` that are printed lettering (ink notes 8): rows of at least ``LETTERS``
    connected parts of a letter's size (``LETTER_MIN`` to ``LETTER_MAX`` hex sizes ``s`` across; not mostly
    on the long straight runs ``lines``, not a large hairline piece), neighbours alike in size
    (``LETTER_ALIKE``) with centres within ``LETTER_STEP`` of the smaller's extent and not joined by ink
    (``other``) all the way between them (pieces of one line: a railway's dashes and ties); a row mostly
    of thin parts (dashes, a double line's walls) or of solid parts (a town's house blocks) is not."""
    lab, n = components(ink)
    out = np.zeros_like(ink)
    if n < LETTERS:
        return out
    ys, xs = np.nonzero(lab)
    li = lab[ys, xs]
    cnt = np.bincount(li, minlength=n + 1).astype(float)
    cnt[0] = 1
    mx, my = np.bincount(li, xs, n + 1) / cnt, np.bincount(li, ys, n + 1) / cnt
    vxx = np.bincount(li, xs * xs.astype(float), n + 1) / cnt - mx * mx
    vyy = np.bincount(li, ys * ys.astype(float), n + 1) / cnt - my * my
    vxy = np.bincount(li, xs * ys.astype(float), n + 1) / cnt - mx * my
    x0 = np.full(n + 1, 1 << 30)
    x1 = np.full(n + 1, -1)
    y0, y1 = x0.copy(), x1.copy()
    np.minimum.at(x0, li, xs)
    np.maximum.at(x1, li, xs)
    np.minimum.at(y0, li, ys)
    np.maximum.at(y1, li, ys)
    ext = np.maximum(x1 - x0, y1 - y0) + 1.0
    tr, det = vxx + vyy, vxx * vyy - vxy * vxy
    disc = np.sqrt(np.maximum(tr * tr / 4 - det, 0))
    major, minor = tr / 2 + disc, np.maximum(tr / 2 - disc, 0.25)
    elong = np.sqrt(major / minor)
    solid = cnt / np.maximum(12 * np.sqrt(np.maximum(det, 0)), 1)  # a filled rectangle is 1, a ring under 0.5
    onl = np.bincount(li, lines[ys, xs], n + 1) / cnt  # the share of each part on a long line
    # a large part drawn in a hairline (hardly any pixel inside it) is a piece of a line's wall, not a letter
    inner = ink & _shift(ink, 1, 0) & _shift(ink, -1, 0) & _shift(ink, 0, 1) & _shift(ink, 0, -1)
    inside = np.bincount(li, inner[ys, xs], n + 1) / cnt
    hair = (ext >= LETTER_HAIR * s) & (inside < LETTER_INSIDE)
    # a bold letter (strokes a few pixels thick: most of its pixels inside it) runs straight as far as a line does:
    # a large name's stems and bowls survive the linear opening (MMP Bastogne's place names, 0.6-0.9 hex tall); its
    # pieces are not long and thin as a line's are
    bold = (elong < LETTER_THIN) & (inside >= LETTER_BOLD)
    sized = (ext >= LETTER_MIN * s) & (ext <= LETTER_MAX * s) & (cnt >= 3)
    cand = np.nonzero(sized & ((onl < LETTER_LINE) | bold) & ~hair)[0]
    cand = cand[cand > 0]
    h, w = ink.shape
    if len(cand) < LETTERS:
        return out
    cx, cy, ce = mx[cand], my[cand], ext[cand]
    links: list[tuple[int, int]] = []
    pa: list[np.ndarray] = []  # the pairs of neighbours, in order
    pb: list[np.ndarray] = []
    t = np.linspace(0.0, 1.0, 13)
    # neighbours are looked for among the parts whose centre's x lies within reach (sorted by it): a
    # neighbour lies within LETTER_STEP times the smaller extent, so within that of this part's
    by_x = np.argsort(cx, kind="stable")
    sx = cx[by_x]
    reach = LETTER_STEP * ce + 1.0
    starts = np.searchsorted(sx, cx - reach, side="left")
    stops = np.searchsorted(sx, cx + reach, side="right")
    for a in range(len(cand)):
        sub = np.sort(by_x[starts[a]:stops[a]])
        sub = sub[sub > a]
        lo, hi = np.minimum(ce[sub], ce[a]), np.maximum(ce[sub], ce[a])
        near = sub[(np.hypot(cx[sub] - cx[a], cy[sub] - cy[a]) <= LETTER_STEP * lo) & (hi <= LETTER_ALIKE * lo)]
        pa.append(np.full(len(near), a, dtype=np.intp))
        pb.append(near)
    if pa:
        ia, ib = np.concatenate(pa), np.concatenate(pb)
        px = np.clip(np.rint(cx[ia, None] + t[None, :] * (cx[ib] - cx[ia])[:, None]).astype(int), 0, w - 1)
        py = np.clip(np.rint(cy[ia, None] + t[None, :] * (cy[ib] - cy[ia])[:, None]).astype(int), 0, h - 1)
        # ink all the way between the centres: pieces of one line (a railway's dashes and ties)
        apart = ~(other[py, px][:, 1:-1].mean(axis=1) > LETTER_INK)
        links = list(zip(ia[apart].tolist(), ib[apart].tolist()))
    parent = list(range(len(cand)))
    for a, b in links:
        parent[root(parent, a)] = root(parent, b)
    groups: dict[int, list[int]] = {}
    for a in range(len(cand)):
        groups.setdefault(root(parent, a), []).append(a)
    keep = np.zeros(n + 1, dtype=bool)
    for g in groups.values():
        if len(g) < LETTERS:
            continue
        k = cand[g]
        # mostly long thin parts: dashes along a line, a double line's walls cut by the hex lines
        if (elong[k] >= LETTER_THIN).mean() > LETTER_THIN_SHARE:
            continue
        # mostly solid parts (the blocks of a town's houses): a letter is strokes around paper
        if (solid[k] >= LETTER_SOLID).mean() > 0.5:
            continue
        keep[k] = True
    return keep[lab]



def _runs_out(mask: np.ndarray, lay: Layout, sides: Sequence[Hexside], ends: np.ndarray, idx: np.ndarray,
              least: float) -> np.ndarray:
    """For the sides ``idx`` (their ``ends``): False where ``mask`` crosses the side (runs of positions where it
    shows on both sides of the hex line's zone, as :func:`_crossed` finds them) and no crossing's line, followed out
    from the zone's edge on each side to the band's edge (moving at most one position along the side per sample, as a
    crossing line does), shows on at least ``least`` of the samples on both sides (ink notes 12); True otherwise
    (no such run: a crossing through the zone at a slant, :func:`_through`, is not judged)."""
    out = np.ones(len(idx), dtype=bool)
    if not len(idx):
        return out
    for k, band, _xi, _yi, runs, half, core in _crossing_runs(mask, lay, sides, ends, idx):
        out[k] = any(all(sum(bool(nxt.any()) for _o, nxt in way) >= least * len(way)
                         for way in _followed(band, a0, a1, half, core)) for a0, a1 in runs)
    return out


def _on_hex_lines(mask: np.ndarray, grid: Grid, lay: Layout, sides: Sequence[Hexside], ends: np.ndarray,
                  idx: np.ndarray, s: float) -> np.ndarray:
    """(traced notes 28) For the sides ``idx`` (their ``ends``) that ``mask`` crosses: True where at every crossing
    (runs of positions where it shows on both sides of the hex line's zone, as :func:`_crossed` finds them) the part
    of ``mask`` met there - its pixels within ``PART`` hex sizes of the place crossed (the run's middle on the hex
    line), connected there - has less than ``HEX_LINES_OFF`` of its pixels farther than ``HEX_LINES_NEAR`` hex sizes
    from every hex line of ``grid``, and these parts together show on both sides of the side's zone along at least
    ``STRADDLE`` of its positions: a line lying along the side, over its hex line, not running on into the hexes nor
    lying beside the next hex line in one hex. ``s``: the hex size in pixels of ``mask``."""
    out = np.zeros(len(idx), dtype=bool)
    if not len(idx):
        return out
    near = _hex_band(grid, lay, mask.shape, s, 2 * HEX_LINES_NEAR)
    r = max(1, round(PART * s))
    h, w = mask.shape
    for k, band, xi, yi, runs, half, core in _crossing_runs(mask, lay, sides, ends, idx):
        along = True
        parts = np.zeros(band.shape, dtype=bool)
        for a0, a1 in runs:
            c = (a0 + a1) // 2
            cx, cy = int(xi[c, half]), int(yi[c, half])
            y0, x0 = max(0, cy - r), max(0, cx - r)
            yy, xx = np.ogrid[y0:min(h, cy + r + 1), x0:min(w, cx + r + 1)]
            lab, _n = components(mask[y0:y0 + yy.shape[0], x0:x0 + xx.shape[1]]
                                 & ((yy - cy) ** 2 + (xx - cx) ** 2 <= r * r))
            at = band[a0:a1 + 1]
            py, px = yi[a0:a1 + 1][at] - y0, xi[a0:a1 + 1][at] - x0
            inside = (py >= 0) & (py < lab.shape[0]) & (px >= 0) & (px < lab.shape[1])
            met = np.unique(lab[py[inside], px[inside]])
            part = np.isin(lab, met[met > 0])
            if not part.any():
                along = False
                break
            off = part & ~near[y0:y0 + lab.shape[0], x0:x0 + lab.shape[1]]
            if off.sum() >= HEX_LINES_OFF * part.sum():
                along = False
                break
            # the part where the side's band samples it
            by, bx = yi - y0, xi - x0
            there = (by >= 0) & (by < lab.shape[0]) & (bx >= 0) & (bx < lab.shape[1])
            parts[there] |= part[by[there], bx[there]]
        out[k] = along and float(_both_sides((parts & band)[None], half, core)[0].mean()) >= STRADDLE
    return out


def _runs_along(mask: np.ndarray, lay: Layout, sides: Sequence[Hexside], ends: np.ndarray, idx: np.ndarray,
                ) -> np.ndarray:
    """For the sides ``idx`` (their ``ends``) that ``mask`` crosses: True where at every crossing (runs of positions
    where it shows on both sides of the hex line's zone, as :func:`_crossed` finds them) the line, followed out from
    the zone's edge on one side (moving at most one position along the side per sample), shows on fewer than
    ``OUT_LINE`` of the samples to the band's edge, and that side of the zone shows the mask along at least
    ``ALONG_LINE`` of the side's positions: a line running along the side there, not across it; or followed out so
    it shows on fewer than ``OUT_LINE`` of them on both sides while the mask shows within the zone there: a line
    lying in the zone, along the hex line or the next side at a corner, only its edges (grown) reaching past the
    zone's edges (traced notes 9)."""
    out = np.zeros(len(idx), dtype=bool)
    if not len(idx):
        return out
    for k, band, _xi, _yi, runs, half, core in _crossing_runs(mask, lay, sides, ends, idx):
        along = (band[:, : half - core + 1].any(axis=1).mean() >= ALONG_LINE,
                 band[:, half + core:].any(axis=1).mean() >= ALONG_LINE)
        refused = []
        for a0, a1 in runs:
            short = [sum(bool(nxt.any()) for _o, nxt in way) < OUT_LINE * len(way)
                     for way in _followed(band, a0, a1, half, core)]
            # stopping short on both sides, lying in the zone there (a line hidden where it crosses the hex line,
            # printed under it, leaves the zone empty: followed out from the zone's edge, it shows only further out)
            lying_in = all(short) and bool(band[max(0, a0 - 1):a1 + 2, half - core + 1:half + core].any())
            refused.append(lying_in or any(lying and sh for sh, lying in zip(short, along)))
        out[k] = all(refused)
    return out
