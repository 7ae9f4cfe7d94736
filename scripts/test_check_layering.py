#!/usr/bin/env python3
"""Tests of scripts/check_layering.py's layer order on small fixture package graphs.

Each fixture is a dictionary shaped like `swift package describe --type json`'s targets, with
sources written to a temporary directory, so an upward import can be seeded without touching the
package. Run: python3 scripts/test_check_layering.py
"""
import pathlib
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import check_layering  # noqa: E402


def target(name, kind="library", dependencies=(), source=""):
    return {"name": name, "type": kind, "path": f"Sources/{name}", "sources": [f"{name}.swift"],
            "target_dependencies": list(dependencies), "_source": source}


class RankTests(unittest.TestCase):
    def problems(self, *targets, ranks=check_layering.RANKS):
        with tempfile.TemporaryDirectory() as directory:
            root = pathlib.Path(directory)
            for t in targets:
                (root / t["path"]).mkdir(parents=True)
                (root / t["path"] / t["sources"][0]).write_text(t["_source"])
            return check_layering.rank_problems({t["name"]: t for t in targets}, root=root, ranks=ranks)

    def test_downward_imports_pass(self):
        found = self.problems(
            target("MotionNumerics"),
            target("MotionSprings", dependencies=["MotionNumerics"], source="import MotionNumerics\n"),
            target("MotionFitting", dependencies=["MotionSprings"], source="import MotionSprings\nimport Foundation\n"),
            target("MotionLabCommands", dependencies=["MotionFitting"], source="@preconcurrency import MotionFitting\n"))
        self.assertEqual(found, [])

    def test_seeded_upward_import_fails(self):
        found = self.problems(
            target("MotionNumerics"),
            target("MotionReports", dependencies=["MotionNumerics"], source="import MotionNumerics\n"),
            target("MotionSprings", dependencies=["MotionNumerics"],
                   source="import MotionNumerics\npublic import MotionReports\n"))
        self.assertEqual(len(found), 1, found)
        self.assertIn("MotionSprings (layer 2, models) imports MotionReports (layer 4", found[0])

    def test_seeded_upward_declaration_fails(self):
        found = self.problems(
            target("MotionLabCommands"),
            target("MotionIO", dependencies=["MotionLabCommands"]))
        self.assertEqual(len(found), 1, found)
        self.assertIn("MotionIO (layer 0, numerics and I/O) declares MotionLabCommands (layer 5", found[0])

    def test_unranked_module_asks_for_a_rank(self):
        found = self.problems(target("MotionNumerics"), target("MotionTeleport", dependencies=["MotionNumerics"]))
        self.assertEqual(len(found), 1, found)
        self.assertIn("MotionTeleport: has no layer rank; add it to RANKS", found[0])

    def test_same_layer_and_tests_are_allowed(self):
        found = self.problems(
            target("MotionCurves"),
            target("MotionKeyframes", dependencies=["MotionCurves"], source="import MotionCurves\n"),
            target("MotionSpringsTests", kind="test", dependencies=["MotionLabCommands"],
                   source="import MotionLabCommands\n"),
            target("MotionLabCommands"))
        self.assertEqual(found, [])

    def test_upcoming_modules_have_their_layers(self):
        ranks = check_layering.RANKS
        self.assertEqual(ranks["MotionCapture"], ranks["MotionFitting"])
        self.assertEqual(ranks["MotionLabCABI"], ranks["MotionLabCommands"])
        self.assertLess(ranks["MotionLinearAlgebra"], ranks["MotionSprings"])
        self.assertLess(ranks["MotionChecks"], ranks["MotionLabCommands"])
        for module in ("MotionExports", "MotionImports", "MotionDocuments"):
            self.assertEqual(ranks[module], ranks["MotionReports"])
            self.assertLess(ranks["MotionFitting"], ranks[module])
        self.assertNotIn("MotionInterchange", ranks)

    def test_json_sits_on_the_floor(self):
        ranks = check_layering.RANKS
        self.assertEqual(ranks["MotionJSON"], ranks["MotionNumerics"])
        found = self.problems(
            target("MotionJSON"),
            target("MotionKeyframes", dependencies=["MotionJSON"], source="import MotionJSON\n"))
        self.assertEqual(found, [])

    def test_import_in_a_string_literal_is_not_an_import(self):
        found = self.problems(
            target("MotionLabCommands"),
            target("MotionSprings", source='let help = """\nimport MotionLabCommands\n"""\n'))
        self.assertEqual(found, [])


class ModelsReachTests(unittest.TestCase):
    def test_models_through_json_pass(self):
        targets = {t["name"]: t for t in [
            target("MotionJSON"), target("MotionNumerics"),
            target("MotionKeyframes", dependencies=["MotionJSON", "MotionNumerics"])]}
        self.assertEqual(check_layering.models_io_problems(targets, ["MotionKeyframes"]), [])

    def test_seeded_io_dependency_of_a_model_fails(self):
        targets = {t["name"]: t for t in [
            target("CFastFloat"), target("MotionIO", dependencies=["CFastFloat"]),
            target("MotionCurves", dependencies=["MotionIO"]),
            target("MotionAnimations", dependencies=["MotionCurves"])]}
        found = check_layering.models_io_problems(targets, ["MotionAnimations"])
        self.assertEqual(len(found), 2, found)
        self.assertIn("MotionLabModels reaches CFastFloat", found[0])
        self.assertIn("MotionLabModels reaches MotionIO", found[1])


if __name__ == "__main__":
    unittest.main()
