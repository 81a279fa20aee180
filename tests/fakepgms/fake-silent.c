/* fake-silent: exits 0 without reporting anything. */
int main(void)
{
	return 0;
}
