# Stand-in for torchvision (see ../README.md): only torchvision.utils.
