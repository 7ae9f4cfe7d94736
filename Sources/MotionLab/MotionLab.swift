// The umbrella module: `import MotionLab` brings in every layer.
// @_exported import MotionCurves  (re-enabled when the module lands)
@_exported import MotionIO
@_exported import MotionNumerics
@_exported import MotionSprings
