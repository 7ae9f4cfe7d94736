import MotionLabCommands

MotionLabCommand.main()
