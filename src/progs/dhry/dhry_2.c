/*
 * dhry_2.c: Dhrystone 2.1, second half (Proc_6..Proc_8, Func_1..Func_3).
 *
 * Kept in its own translation unit on purpose: Dhrystone's rules require
 * that these calls stay real calls from the measurement loop in dhry_1.c.
 * The comments give what each routine does on the path Dhrystone takes.
 */
#include "dhry.h"

#include <string.h>

/* Called with Ident_3 from Proc_1: the result becomes Ident_2. */
void Proc_6(Enumeration Enum_Val_Par, Enumeration *Enum_Ref_Par)
{
	*Enum_Ref_Par = Enum_Val_Par;
	if (!Func_3(Enum_Val_Par))
		*Enum_Ref_Par = Ident_4;
	switch (Enum_Val_Par) {
	case Ident_1:
		*Enum_Ref_Par = Ident_1;
		break;
	case Ident_2:
		if (Int_Glob > 100)
			*Enum_Ref_Par = Ident_1;
		else
			*Enum_Ref_Par = Ident_4;
		break;
	case Ident_3:
		*Enum_Ref_Par = Ident_2;
		break;
	case Ident_4:
		break;
	case Ident_5:
		*Enum_Ref_Par = Ident_3;
		break;
	}
}

/* Three calls per run: (2, 3) -> 7, (10, 5) -> 17, (6, 10) -> 18. */
void Proc_7(One_Fifty Int_1_Par_Val, One_Fifty Int_2_Par_Val,
	    One_Fifty *Int_Par_Ref)
{
	One_Fifty Int_Loc;

	Int_Loc = Int_1_Par_Val + 2;
	*Int_Par_Ref = Int_2_Par_Val + Int_Loc;
}

/*
 * Called with (3, 7): touches Arr_1[8], [9], [38] and Arr_2[8][7..9],
 * Arr_2[28][8], all inside the 50 and 50x50 arrays.
 */
void Proc_8(Arr_1_Dim Arr_1_Par_Ref, Arr_2_Dim Arr_2_Par_Ref,
	    int Int_1_Par_Val, int Int_2_Par_Val)
{
	REG One_Fifty Int_Index;
	REG One_Fifty Int_Loc;

	Int_Loc = Int_1_Par_Val + 5;
	Arr_1_Par_Ref[Int_Loc] = Int_2_Par_Val;
	Arr_1_Par_Ref[Int_Loc + 1] = Arr_1_Par_Ref[Int_Loc];
	Arr_1_Par_Ref[Int_Loc + 30] = Int_Loc;
	for (Int_Index = Int_Loc; Int_Index <= Int_Loc + 1; ++Int_Index)
		Arr_2_Par_Ref[Int_Loc][Int_Index] = Int_Loc;
	/*
	 * This element counts the runs (10 + runs) and passes INT_MAX after
	 * about 2^31 runs, i.e. within seconds on a fast machine: add in
	 * unsigned so it wraps instead of overflowing (the same one add).
	 */
	Arr_2_Par_Ref[Int_Loc][Int_Loc - 1] =
		(int)((unsigned)Arr_2_Par_Ref[Int_Loc][Int_Loc - 1] + 1u);
	Arr_2_Par_Ref[Int_Loc + 20][Int_Loc] = Arr_1_Par_Ref[Int_Loc];
	Int_Glob = 5;
}

/* Three calls per run, ('H','R'), ('A','C'), ('B','C'): always Ident_1. */
Enumeration Func_1(Capital_Letter Ch_1_Par_Val, Capital_Letter Ch_2_Par_Val)
{
	Capital_Letter Ch_1_Loc;
	Capital_Letter Ch_2_Loc;

	Ch_1_Loc = Ch_1_Par_Val;
	Ch_2_Loc = Ch_1_Loc;
	if (Ch_2_Loc != Ch_2_Par_Val)
		return Ident_1;
	Ch_1_Glob = Ch_1_Loc;
	return Ident_2;
}

/*
 * Compares "DHRYSTONE PROGRAM, 1'ST STRING" with "..., 2'ND STRING": one
 * Func_1 call, then a full strcmp; returns false.
 */
Boolean Func_2(Str_30 Str_1_Par_Ref, Str_30 Str_2_Par_Ref)
{
	REG One_Thirty Int_Loc;
	Capital_Letter Ch_Loc;

	/* Set before the loop so that no path reads it uninitialised. */
	Ch_Loc = 'A';
	Int_Loc = 2;
	while (Int_Loc <= 2) {
		if (Func_1(Str_1_Par_Ref[Int_Loc],
			   Str_2_Par_Ref[Int_Loc + 1]) == Ident_1) {
			Ch_Loc = 'A';
			Int_Loc += 1;
		}
	}
	if (Ch_Loc >= 'W' && Ch_Loc < 'Z')
		Int_Loc = 7;
	if (Ch_Loc == 'R')
		return DHRY_TRUE;
	if (strcmp(Str_1_Par_Ref, Str_2_Par_Ref) > 0) {
		Int_Loc += 7;
		Int_Glob = Int_Loc;
		return DHRY_TRUE;
	}
	return DHRY_FALSE;
}

/* Called with Ident_3: true. */
Boolean Func_3(Enumeration Enum_Par_Val)
{
	Enumeration Enum_Loc;

	Enum_Loc = Enum_Par_Val;
	if (Enum_Loc == Ident_3)
		return DHRY_TRUE;
	return DHRY_FALSE;
}
