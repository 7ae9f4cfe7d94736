// The umbrella module: `import MotionLab` brings in every layer.
@_exported import MotionNumerics
@_exported import MotionIO
@_exported import MotionJSON
@_exported import MotionValues
@_exported import MotionSprings
@_exported import MotionCurves
@_exported import MotionKeyframes
@_exported import MotionAnimations
@_exported import MotionLinearAlgebra
@_exported import MotionFitting
@_exported import MotionAnalysis
@_exported import MotionExports
@_exported import MotionImports
@_exported import MotionDocuments
@_exported import MotionReports
@_exported import MotionChecks
@_exported import MotionCapture
