/*
 * dhry.h: types and shared state of Dhrystone 2.1 (R. P. Weicker, 1988) as
 * UnixBench runs it ("Dhrystone 2 using register variables").
 *
 * The benchmark's defined work includes its global variables: loads and
 * stores to them cannot be kept in registers across the calls between the two
 * translation units.  That is why this program, unlike the other test
 * programs, keeps the classic globals (defined in dhry_1.c) instead of
 * passing a struct: passing one would change the work being measured.  They
 * also keep the classic names so that results map to published Dhrystone.
 *
 * REG: -DREG=register gives the locals that Dhrystone marks "register" that
 * storage class (pgms/dhry2reg); without it REG is empty (pgms/dhry2).
 */
#ifndef SYSINDEX_DHRY_H
#define SYSINDEX_DHRY_H

#ifndef REG
#define REG
#endif

/* Dhrystone's integer subranges and strings, sized as in the Ada original. */
typedef enum { Ident_1, Ident_2, Ident_3, Ident_4, Ident_5 } Enumeration;
typedef int One_Thirty;
typedef int One_Fifty;
typedef char Capital_Letter;
typedef int Boolean;
typedef char Str_30[31];	/* 30 characters and the terminating NUL */
typedef int Arr_1_Dim[50];
typedef int Arr_2_Dim[50][50];

/* The variant record: only var_1 is ever used, the others give it its size. */
typedef struct Record {
	struct Record *Ptr_Comp;
	Enumeration Discr;
	union {
		struct {
			Enumeration Enum_Comp;
			int Int_Comp;
			char Str_Comp[31];
		} var_1;
		struct {
			Enumeration E_Comp_2;
			char Str_2_Comp[31];
		} var_2;
		struct {
			char Ch_1_Comp;
			char Ch_2_Comp;
		} var_3;
	} variant;
} Rec_Type, *Rec_Pointer;

enum { DHRY_FALSE = 0, DHRY_TRUE = 1 };

/* Globals of the benchmark, defined in dhry_1.c (see the note above). */
extern Rec_Pointer Ptr_Glob, Next_Ptr_Glob;
extern int Int_Glob;
extern Boolean Bool_Glob;
extern char Ch_1_Glob, Ch_2_Glob;
extern int Arr_1_Glob[50];
extern int Arr_2_Glob[50][50];

/* dhry_1.c */
void Proc_1(REG Rec_Pointer Ptr_Val_Par);
void Proc_2(One_Fifty *Int_Par_Ref);
void Proc_3(Rec_Pointer *Ptr_Ref_Par);
void Proc_4(void);
void Proc_5(void);

/* dhry_2.c: a separate unit, so these are never inlined into the loop. */
void Proc_6(Enumeration Enum_Val_Par, Enumeration *Enum_Ref_Par);
void Proc_7(One_Fifty Int_1_Par_Val, One_Fifty Int_2_Par_Val,
	    One_Fifty *Int_Par_Ref);
void Proc_8(Arr_1_Dim Arr_1_Par_Ref, Arr_2_Dim Arr_2_Par_Ref,
	    int Int_1_Par_Val, int Int_2_Par_Val);
Enumeration Func_1(Capital_Letter Ch_1_Par_Val, Capital_Letter Ch_2_Par_Val);
Boolean Func_2(Str_30 Str_1_Par_Ref, Str_30 Str_2_Par_Ref);
Boolean Func_3(Enumeration Enum_Par_Val);

#endif
