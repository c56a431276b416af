import Geometry
import Support

/// The help texts, one per command.
enum Help {
    static let main = """
        minidesk \(MiniDeskVersion.current): 3D-printable desk items shaped like the 2024 Mac mini.

        Usage: minidesk COMMAND [OPTIONS]

        Commands:
          list      List the items and their parts, or the formats (list formats)
          params    List an item's parameters: default, unit, range, description
          export    Write items as mesh files
          csg       Evaluate a CSG scene (JSON) into a mesh file
          check     Validate a mesh file (STL, OBJ, PLY, 3MF), part by part
          render    Draw a shaded PNG preview of an item
          preset    Save, list, show and delete your own parameter sets
          serve     Open the live customizer in the browser

        Options:
          --help     Show help (also: minidesk COMMAND --help)
          --version  Show the version

        Examples:
          minidesk list
          minidesk export --all
          minidesk export solid --format ply --out /tmp/desk
          minidesk csg scene.json -o part.stl
          minidesk serve --open
        """

    static let list = """
        Usage: minidesk list [formats] [--json]

        Lists every item with a one-line description and its parts; `list formats` lists every
        format `export --format` writes: MiniDesk's own, then each of assimp's exporters, with its
        extension and whether --verify can read it back.

        Options:
          --json   Print JSON instead of text

        Examples:
          minidesk list --json
          minidesk list formats
        """

    static let export = """
        Usage: minidesk export ITEM... | --all [OPTIONS]

        Writes each part of each item to its own file, <item>-<part>.<ext>, in the output folder, or,
        with --format 3mf, each item laid out on one bed, its parts already on their filaments, twice:
        <item>.3mf for Bambu Studio, OrcaSlicer and other readers, <item>.prusa.3mf for PrusaSlicer.
        Each item's files are written into a hidden staging folder and moved into place together,
        so they are all new or all old: a failure, or Ctrl-C (exit 130), never leaves half a file
        or an item half replaced. A second export of the same item and mode into the folder while
        one writes it stops with a message; other items can be written beside it.

        Print modes (--mode; several with commas). The mode is in the file names, so modes never
        replace each other's files:
          multicolor  for a multi-material printer (the default): the body with its parts in place,
                      standing on its cover, and its foot behind it, as two 3MF objects (the
                      stash: lid, base and foot); nothing needs support
          separate    one file per part, <item>-separate-<part>.<ext> (3MF too), each lying on the bed
                      the way it prints best, for a single-colour printer and glue: a key ring on
                      the cover fits a groove under the shell, and inlays fit pockets grown by
                      fit.clearance
          merged      the union of all parts as one body beside the foot, <item>-merged.<ext> (the
                      stash: lid, base and foot)

        Options:
          --all                  Export every item
          --out DIR              Output folder (default: Output)
          --format F[,F...]      stl (binary, default), stl-ascii, ply, glb, obj, 3mf, or one of
                                 assimp's: collada (dae), stp, fbx, gltf2, glb2, x3d, 3ds, x, ...
                                 (`minidesk list formats`); several at once with commas, such as
                                 3mf,stl. obj writes its colours to a .mtl beside it, gltf2 its
                                 buffer to a .bin; obj, 3mf and assimp's hold every part in one
                                 file in multicolor
          --mode M[,M...]        multicolor (default), separate or merged; see above
          --plates               For a one-colour printer: the parts printed apart, gathered by
                                 filament onto beds, one 3MF per bed: <item>-plate-<parts>.3mf, or
                                 with --all plate-<parts>.3mf with that filament's parts of every
                                 item (-2, -3, ... when one bed is not enough)
          --bed WxD              The bed for --plates in mm (default: 256x256)
          --jobs N               Items built at once (default: every core)
          --dry-run              Check the parameters and list the files (and whether each is there
                                 already) with the warnings, writing nothing; with --json, as JSON
          --plan                 Print one shell command per job (item x parameter set x mode)
                                 instead of exporting, for GNU parallel on one machine or many;
                                 together they write the same bytes as one run
          --verify               Read every written file back and require each part to be a valid
                                 solid (self-intersections included); a file that fails fails its
                                 item (exit code 1), whose old files stay
          --resolution R         draft, normal (default), fine, or a chord deviation in mm
          --preset NAME          Parameters from one of your presets (minidesk preset); a preset
                                 of another item lends the parameters the two share
          --params FILE          Parameters from an OpenSCAD-style parameter-set file, or from a
                                 3MF that minidesk export wrote (it carries its parameters)
          --set-name NAME        The set to use when FILE holds several; `all` exports every set,
                                 each as <item>-<set>...
          --name-by-set          Put --set-name's set in the file names, as `all` does (the jobs
                                 of --plan use it)
          --set KEY=VALUE        Set one parameter; repeat for more (units allowed: 80mm, 70deg)
          --json                 Print a JSON manifest: every file (item, set, mode, format, path,
                                 bytes, triangles, volume) and every item that failed
          --scene FILE.json      Write one item's build in one mode as a CSG scene instead of meshes:
                                 every part's tree of shapes, placements and booleans; minidesk csg
                                 of it writes the same parts, bit for bit (docs/csg-scene.md)

        Progress: one line per finished file (path, size, triangles, seconds), and on a terminal a
        live counter below them, then a summary table. One failing item does not stop the others;
        the exit code is 1 if any failed. Every part is checked before its files are written: one
        that is not a valid solid fails its item and nothing of it is written. STL stores 32-bit
        floats; where rounding to them would fold a fine feature, a warning names the file (3mf
        and ply keep full precision).

        Parameters are taken in this order, each overriding the last: the item's defaults, the
        preset, the parameter file, then every --set. All of them are checked before anything is
        built, and every problem is reported at once (exit code 2).

        Examples:
          minidesk export --all
          minidesk export --all --format 3mf,stl --jobs 2
          minidesk export stash --mode separate --format 3mf
          minidesk export --all --mode multicolor,separate,merged --format 3mf
          minidesk export --all --plates --bed 250x210
          minidesk export solid --format ply --resolution draft
          minidesk export solid --format stp,dae,gltf
          minidesk export solid --set body.width=120mm --set scale=0.5 --format 3mf
          minidesk export solid --params Models/solid.json --set-name solid
          minidesk export planter --params sets.json --set-name all --format 3mf --plan | parallel -j2
          minidesk export phone-stand --mode separate --scene /tmp/stand.json
        """

    static let params = """
        Usage: minidesk params ITEM [--set KEY=VALUE ...] [--params FILE [--set-name NAME]] [--preset NAME]
                               [--own] [--json | --markdown | --parameter-file]

        Lists every parameter of ITEM with its value, unit, the range it allows given the other values
        (its effective range) and its description. The values are the defaults, changed by --preset,
        --params and --set as for export; problems with them are printed and the exit code is 2.

        Options:
          --own             Only the item's own parameters, not those every item shares
          --json            The list as JSON, as cq-cli's --getparams and OpenSCAD's parameter export:
                            name, type, caption, initial, value, unit, min and max (the effective range,
                            null when no value would do), limits (the declared range), scales (whether
                            `scale` sizes it)
          --markdown        A Markdown table (the README's and docs/parameters.md's tables are made with this)
          --parameter-file  The values as an OpenSCAD-style parameter-set file (as Models/ITEM.json)

        Examples:
          minidesk params solid --json
          minidesk params planter --own
          minidesk params solid --set body.width=120mm --json
        """

    static let csg = """
        Usage: minidesk csg SCENE.json -o OUT [--json] [--repeat N]

        Evaluates a CSG scene (see docs/csg-scene.md) with MiniDesk's kernel and writes the mesh.
        The format follows OUT's extension: .stl (binary), .ply or .obj (these two keep the mesh's
        vertex indexing exactly), or .3mf (one object named after the scene). A scene of parts (such
        as minidesk export ITEM --scene writes) gives one file per part, <stem>-<part>.<ext> beside
        OUT, or one 3MF with every part. An empty result writes a file with no triangles.

        Options:
          -o, --out FILE   The output file
          --json           Print a report: validity, volume, area, counts and timings in seconds
          --repeat N       Evaluate N times (1 to 100) and report the median time, for benchmarks:
                           later runs are warm, as in a long-lived process

        Exit codes: 0 written, 1 the kernel could not evaluate it (such as degenerate contact),
        2 a malformed scene (the message names the JSON path) or a usage error.

        Example:
          minidesk csg docs/examples/plate.json -o /tmp/plate.ply --json
          minidesk csg /tmp/stand.json -o /tmp/stand.ply
        """

    static let check = """
        Usage: minidesk check FILE [--json]

        Reads FILE (STL, OBJ, PLY and 3MF exactly as stored, in double precision, with their part
        names; other formats through assimp) and checks every part: closed, manifold, consistently
        oriented, outward, no self-intersections. Reports volume, shells and size. Triangle soups
        (STL) are joined at bit-identical corners first.

        Exit codes: 0 every part is valid, 1 some part is invalid, 2 the file cannot be read.

        Example:
          minidesk check Output/solid.3mf --json
        """

    static let preset = """
        Usage: minidesk preset save NAME ITEM [--set KEY=VALUE]... [--params FILE [--set-name SET]] [--force]
               minidesk preset list [--json]
               minidesk preset show NAME [--json]
               minidesk preset delete NAME

        Your own parameter sets, used with `minidesk export ITEM --preset NAME`. A preset made for
        one item serves any other with the parameters they share (scale, body, colours, ...); the
        other's own are left out with a note. Saving over an existing name needs --force. They live
        in one file, $XDG_CONFIG_HOME/minidesk/presets.json (or ~/.config/minidesk/presets.json). Changes
        are locked and written atomically, so commands running at once lose nothing; a file that
        cannot be read, is corrupt or comes from a newer MiniDesk is reported and never overwritten.

        Examples:
          minidesk preset save half solid --set scale=0.5
          minidesk export solid --preset half --format 3mf
        """

    static let render = """
        Usage: minidesk render ITEM... | --all [--views iso,front,rear,top,bottom] [--mode MODE]
                               [--size PX] [--out FILE.png | --out FOLDER]
                               [--preset NAME] [--params FILE [--set-name SET]] [--set KEY=VALUE]...

        Draws shaded previews with MiniDesk's own rasterizer: each part in its colour, lights that
        follow the camera, outlines where parts meet and faces fold, shade in recesses, anti-aliased,
        on every core. The same renderer makes the 3MF thumbnails and the README's pictures.

        Options:
          --all            Every item
          --views V,V...   Any of iso (default), front, rear, top and bottom (--view V for one)
          --mode MODE      multicolor (default), separate or merged (the print layouts), or
                           assembled (the item as it stands: the body on its foot, the
                           stash's lid on its base)
          --size PX        Width and height in pixels, 16 to 4096 (default 512); from 1,024 px a
                           progress bar shows on a terminal
          --out PATH       A .png file for one picture; a folder for several, each named
                           ITEM-VIEW.png (ITEM-MODE-VIEW.png for another mode). Default: Output/
          --resolution R   As for export (default normal)

        Examples:
          minidesk render solid --view iso --size 800 --out docs/images/solid.png
          minidesk render --all --views iso,top,bottom --size 1024 --out /tmp/previews
          minidesk render stash --mode assembled --views iso,front
        """

    static let serve = """
        Usage: minidesk serve [--port N] [--host ADDRESS] [--open]

        A live customizer in the browser: a form made from the item's parameters, each slider bounded
        by the range the other values allow, and a 3D view that follows every change (a draft build
        at once, then the full resolution). Invalid values are shown at their field with the fix; the
        last valid model stays on screen. Download the 3MF, the STL or a zip of every mode, and save
        presets in the same store as `minidesk preset`. The link in the address bar reproduces the
        model. three.js comes from Debian's libjs-three.

        Options:
          --port N          The port, 0 to 65535 (default 8080; 0 picks a free one)
          --host ADDRESS    The IPv4 address to listen on (default 127.0.0.1, this machine only;
                            0.0.0.0 lets other machines on the network in)
          --open            Open the page in the desktop's browser

        Example:
          minidesk serve --open
        """
}
