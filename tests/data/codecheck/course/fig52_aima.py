# AIMA Figure 5.2 as aima-python's games.py tabulates it.
succs = dict(
    A=dict(a1="B", a2="C", a3="D"),
    B=dict(b1="B1", b2="B2", b3="B3"),
    C=dict(c1="C1", c2="C2", c3="C3"),
    D=dict(d1="D1", d2="D2", d3="D3"),
)
utils = dict(B1=3, B2=12, B3=8, C1=2, C2=4, C3=6, D1=14, D2=5, D3=2)
initial = "A"
