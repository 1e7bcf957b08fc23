"""Compiles the simulators' innermost loops with Cython (kit/sim/accel.py says which, and why a
game plays the same compiled or not). Everything else is in pyproject.toml. Without a C
compiler the install goes on and kit runs those modules as plain Python."""

import json
import os
import runpy
import sys
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
ACCEL = Path("kit") / "sim" / "accel.py"
accel = runpy.run_path(str(ROOT / ACCEL))
SOURCES = {name: Path(*name.split(".")).with_suffix(".py") for name in accel["COMPILED"]}


class BuildWithMarks(build_ext):
    """build_ext that compiles side by side, survives a missing compiler, and leaves beside
    each compiled module the sha256 of its source (.py and .pxd), which kit.sim.accel checks
    before using it; and beside kit/sim/accel.py a record of which modules compiled (and why any
    did not), which the tests read to check that those are the ones kit runs."""

    failed: dict[str, str]

    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:       # the modules are independent
            self.parallel = os.cpu_count() or 1

    def build_extension(self, ext):
        # `optional` alone does not catch every way a compiler fails (a missing one raises
        # CalledProcessError on some setuptools): any failure leaves the module plain Python.
        try:
            super().build_extension(ext)
        except Exception as failure:  # noqa: BLE001
            self.failed[ext.name] = str(failure) or type(failure).__name__
            print(f"kit: {ext.name} not compiled ({failure}); it runs as plain Python", file=sys.stderr)

    def run(self):
        self.failed = {}
        super().run()
        was = self.inplace
        for self.inplace in (False, True) if was else (False,):    # the build and the source tree
            compiled = []
            for ext in self.extensions:
                source = ROOT / SOURCES[ext.name]
                built = Path(self.get_ext_fullpath(ext.name))
                if built.is_file() and ext.name not in self.failed:
                    digest = accel["module_digest"](source.parent, source.stem)
                    built.with_name(SOURCES[ext.name].stem + accel["MARK"]).write_text(digest + "\n")
                    compiled.append(ext.name)
            beside = Path(self.get_ext_fullpath(".".join(ACCEL.with_suffix("").parts)))      # as if compiled
            record = beside.with_name(accel["RECORD"])
            record.parent.mkdir(parents=True, exist_ok=True)
            record.write_text(json.dumps({"compiled": sorted(compiled), "not_compiled": dict(sorted(
                (name, self.failed.get(name, "no compiled file")) for name in SOURCES if name not in compiled))},
                indent=1) + "\n")
        self.inplace = was


extensions = cythonize(
    # -g0: no debug information, which is most of gcc's time on these large generated files.
    [Extension(name, [str(path)], extra_compile_args=["-g0"]) for name, path in SOURCES.items()],
    build_dir="build/cython",
    # Annotations stay annotations: read as C types, a `float` would become a C double and
    # a game could differ from the same game played as plain Python.
    # binding=False: a compiled function is a C function object, not a Python-like one; a
    # call between the engine's functions then costs about a tenth less of a game.
    compiler_directives={"language_level": 3, "annotation_typing": False, "binding": False},
    quiet=True,
    nthreads=os.cpu_count() or 1,
)
for extension in extensions:
    extension.optional = True       # (after cythonize, which does not carry it over) a failed one is not copied
# A module's .pxd (its C types) goes with it: kit.sim.accel reads it to check the mark.
setup(ext_modules=extensions, cmdclass={"build_ext": BuildWithMarks}, package_data={"kit": ["**/*.pxd"]})
