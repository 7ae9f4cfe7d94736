import MotionLabCommands

await MotionLabCommand.execute()
