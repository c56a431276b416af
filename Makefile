# MiniDesk: `make run` exports every item into Output/, `make test` runs every check.
# Each target installs what it needs first (`make deps`), and is quick when nothing is missing.

SHELL := /bin/bash
VENV := .venv
PYTHON := $(VENV)/bin/python
# What building needs (make run, make serve), and what the tests add: the slicer, the browser and
# its driver, GNU parallel, Python.
APT_PACKAGES := pkg-config libassimp-dev libminizip-dev libmicrohttpd-dev libjs-three
TEST_APT_PACKAGES := prusa-slicer chromium chromium-driver parallel python3 python3-venv
PY_PACKAGES := numpy trimesh manifold3d lib3mf selenium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps apt-deps test-apt-deps python-deps build release run serve test crosscheck fuzz tsan models bench gallery docs golden clean

deps: apt-deps test-apt-deps python-deps

# Debian packages: install only the missing ones (apt-get update first, as a fresh machine needs).
define install-missing
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:" $$missing; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

apt-deps:
	$(call install-missing,$(APT_PACKAGES))

test-apt-deps:
	$(call install-missing,$(TEST_APT_PACKAGES))

# Test-time cross-check tools in a project-local virtualenv.
python-deps: test-apt-deps $(VENV)/.installed

$(VENV)/.installed: Makefile
	@test -x $(PYTHON) || python3 -m venv $(VENV)
	$(PYTHON) -m pip install -q --disable-pip-version-check $(PY_PACKAGES)
	@touch $@

build: apt-deps
	swift build

release: apt-deps
	swift build -c release

# Export every item with default parameters into Output/.
run: release
	.build/release/minidesk export --all --format 3mf --out Output
	.build/release/minidesk export --all --mode separate --format stl --out Output

# The live customizer in the browser, at http://127.0.0.1:8080/ (Ctrl-C stops it).
serve: release
	.build/release/minidesk serve

test: deps
	swift build
	swift test
	$(MAKE) --no-print-directory crosscheck

# Independent tools check what the built binary writes, PrusaSlicer checks that every print needs
# no supports (docs/printing.md), headless Chromium uses the customizer
# (screenshots in .build/customizer-shots/), and manifold3d checks the booleans on a fixed set of
# random scenes.
crosscheck: python-deps
	$(PYTHON) scripts/check_exports.py --minidesk .build/debug/minidesk
	$(PYTHON) scripts/check_printability.py --minidesk .build/debug/minidesk
	$(PYTHON) scripts/check_customizer.py --minidesk .build/debug/minidesk --shots .build/customizer-shots
	$(PYTHON) scripts/fuzz_booleans.py --minidesk .build/debug/minidesk --cases 300 --seed 1 --kinds "generic,nearly degenerate,degenerate"

# A longer fuzzing run, chained booleans and moved copies (a solid minus itself moved by 1e-6 to
# 1e-9 mm: the class the kernel redesign, issue 20, is measured by) included (failing scenes are
# kept in fuzz-failures/); close copies (a solid minus itself moved by 3 to 3,000 tolerances),
# drawn anew each run too; and every value of the parameter sweep built.
fuzz: deps
	swift build -c release
	$(PYTHON) scripts/fuzz_booleans.py --minidesk .build/release/minidesk --cases 10000 --seed $$RANDOM --max-operands 3
	$(PYTHON) scripts/fuzz_booleans.py --minidesk .build/release/minidesk --cases 1000 --seed $$RANDOM --kinds "close copy"
	MINIDESK_FULL_SWEEP=1 swift test --filter ParameterBuildTests
	$(MAKE) --no-print-directory tsan

# The kernel's and the CSG scenes' tests (the regression scenes included) under ThreadSanitizer,
# which stops at the first data race: the booleans run on every core, and their results must not
# depend on how many there are.
tsan: apt-deps
	swift build --sanitize=thread --build-path .build/tsan --build-tests
	TSAN_OPTIONS=halt_on_error=1 swift test --sanitize=thread --build-path .build/tsan --skip-build --filter "GeometryTests|SceneTests"

# Manifold's test models as boolean operands, against manifold3d with a time limit per case (read
# from a local mirror of Manifold's repository: MANIFOLD_REPO, a git directory; skipped without one).
MANIFOLD_REPO ?= /work/.mirror/elalish+manifold/repo
models: deps
	swift build -c release
	$(PYTHON) scripts/manifold_models.py --minidesk .build/release/minidesk --repo $(MANIFOLD_REPO) --timeout 60

# The README's pictures, drawn by minidesk's own renderer, and the customizer's screenshot (the
# first one check_customizer.py takes).
gallery: release python-deps
	mkdir -p docs/images
	.build/release/minidesk render --all --mode assembled --views iso,front --size 480 --out docs/images
	.build/release/minidesk render solid stash --views iso --size 480 --out docs/images
	$(PYTHON) scripts/check_customizer.py --minidesk .build/release/minidesk --shots .build/gallery-shots
	cp .build/gallery-shots/1-planter.png docs/images/customizer.png

# The parameter reference, docs/parameters.md, generated from the schema (a test keeps it in sync).
docs: build
	{ echo "# Parameters"; echo; \
	  echo "Every parameter of every item, generated from the schema by \`make docs\`."; \
	  echo "Set them with \`--set key=value\`, a parameter file (\`--params\`) or a preset; see the README."; \
	  echo "*Allowed* is the range each one has with the others at their defaults; \`minidesk params ITEM --set ...\`"; \
	  echo "gives it for other values."; \
	  for item in $$(.build/debug/minidesk list | awk 'NF {print $$1}'); do \
		echo; echo "## \`$$item\`"; echo; .build/debug/minidesk params $$item --markdown; \
	  done; } > docs/parameters.md

# The golden scenes of Tests/MiniDeskTests/GoldenScenes/, written again from the items' builds after
# a deliberate change (review the diff before committing it).
golden: build
	MINIDESK_UPDATE_GOLDEN=1 swift test --filter GoldenSceneTests/sceneMatchesItsGoldenFile

bench: release python-deps
	swift run -c release minidesk-bench
	$(PYTHON) scripts/bench_compare.py --minidesk .build/release/minidesk

clean:
	rm -rf .build $(VENV)
