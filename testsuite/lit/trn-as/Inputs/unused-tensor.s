.tensor spare : fp32[4] scratch
