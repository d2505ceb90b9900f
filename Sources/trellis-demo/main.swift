print("trellis-demo")
